/* The live table: swaps in each new <main> its event stream sends, and shows deadlines in the reader's time. */
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;

  function localTimes(root) {
    var times = root.querySelectorAll("time[datetime]");
    for (var i = 0; i < times.length; i++) {
      var el = times[i], when = new Date(el.getAttribute("datetime"));
      if (isNaN(when.getTime())) continue;
      el.title = el.textContent;
      el.textContent = when.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    }
  }
  localTimes(document);

  var live = document.getElementById("live");
  if (!live || !window.EventSource) return;
  var url = live.getAttribute("data-events"), source = null, wait = 1000;

  function show(on) {
    live.hidden = false;
    live.className = "live " + (on ? "on" : "off");
    live.textContent = live.getAttribute(on ? "data-live" : "data-reconnecting");
  }

  function swap(event) {
    var box = document.createElement("template");
    box.innerHTML = event.data;
    var fresh = box.content.querySelector("main"), old = document.querySelector("main");
    if (!fresh || !old) return;
    if (Number(fresh.getAttribute("data-version")) < Number(old.getAttribute("data-version"))) return;
    localTimes(fresh);
    old.replaceWith(fresh);
    show(true);
  }

  function connect() {
    source = new EventSource(url);
    source.onopen = function () { wait = 1000; show(true); };
    source.onerror = function () {
      show(false);
      if (source.readyState === EventSource.CLOSED) {  /* refused (too many streams): try again later */
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 60000);
      }
    };
    source.addEventListener("message", swap);
  }
  connect();
})();
