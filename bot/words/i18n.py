"""Every sentence the host shows a user: the English source here, Polish and Russian in ``bot/words/locales``.

``t("key", locale, name=...)`` looks the key up (``engine.i18n``: gettext catalogues read with
Babel) and formats it, in whichever domain holds it; ``count(n, "day", locale)`` picks the plural form.
The host's words only: each game keeps its own (its lobby, prompts, summaries, results, stats and nouns) in
its package's domain, and a host sentence that speaks of a game's stretch of play takes the game's noun as a
field (``noun``, ``NOUN_FORMS``). Card names come from each game's card data, never from here.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from engine import i18n
from engine.i18n import Template
from engine.protocol import rename_seats

EN: dict[str, Template] = {
    # lobby
    "lobby.opened": (
        "🌙 **{host}** opened a game of **{game}** here ({variant}{secret}). "
        "Type `/game join` to take a seat ({seats} players), `/game add-bot` for an AI seat; "
        "the host starts with `/game start`."
    ),
    "lobby.joined": "**{name}** joins the game ({count}/{seats}).",
    "lobby.left": "**{name}** leaves the game ({count}/{seats}).",
    "lobby.host_left": "**{name}** gives up their seat but stays the host ({count}/{seats}).",
    "lobby.bot_added": "An AI player, **{name}**, takes a seat ({count}/{seats}).",
    # posted once, as the game's first log line; "Check your DMs" is the /game start reply's alone
    "lobby.started": "The game begins with {players}.",
    "lobby.starting": "▶️ **{host}** starts the game with {players}. Check your DMs for your cards!",
    "lobby.seats": "Seats: {players}.",
    "lobby.button.join": "Join",
    "lobby.button.leave": "Leave",
    "lobby.button.start": "Start",
    "lobby.button.ai": "Add an AI player…",
    "lobby.button.level": "AI player, {level}",
    "lobby.abandoned": "The game was abandoned by **{name}**. This channel is free for a new game.",
    "join.dm_ok": "You're in! I'll send your hand and your decisions by DM.",
    "join.dm_closed": (
        "You're in, but I can't send you direct messages. To get your hand and buttons by DM, open "
        "**User Settings → Privacy & Safety** (or this server's **Privacy Settings**) and allow direct "
        "messages from server members. Meanwhile `/hand` shows your hand here, privately, and every "
        "move works as a slash command."
    ),
    "dm.welcome": (
        "You joined the {game} game in **#{channel}**. Your hand and your decisions will come here, each with its "
        "buttons, and the first of each kind says in two lines what it asks.\nNew to {game}? `/rules` explains it, "
        "`/card` shows any card, `/hand` your hand, and `/tutorial` plays a short guided game against the AI, here."
    ),
    # the first prompt of each kind: what it asks (the games' own lines), then where to learn more
    "lesson.more": "`/rules` explains the game, `/card` shows any card.",
    # /rules where no game is played: a paragraph a game, its overview's topic and how it is won (``Face.goal``)
    "rules.game": "**{game}** — `/rules` with the topic **{topic}** explains it.\n{goal}",
    "err.tutorial_dm_closed": (
        "I can't DM you, and a tutorial plays in DMs: allow direct messages from this server's members (**Privacy "
        "Settings**), then try `/tutorial` again."
    ),
    "tutorial.suggest": "💡 The normal AI would choose: **{move}**. Any choice is fine: this is to learn.",
    "tutorial.started": (
        "🎓 Your {game} tutorial is in our DMs: a short game against an easy AI player, where every decision "
        "explains itself."
    ),
    "tutorial.welcome": (
        "🎓 **{game} tutorial**: you play against an easy AI player, here. Each decision comes with buttons and a "
        "few lines: what it asks, what each choice does, and what the normal AI would do. The table and what "
        "happened come here too. No deadline, nothing counts; `/tutorial` again starts over."
    ),
    "access.missing": (
        "I can't post the {game} game in **#{channel}** any more (Discord says: {reason}). "
        "Please give me **View Channel**, **Send Messages**, **Attach Files** and **Read Message History** "
        "there. I'll try a few more times over the next 20 minutes; if I still can't post then, the game is "
        "paused (nothing is lost) and goes on by itself as soon as I can."
    ),
    "dm.closed_in_channel": (
        "{mention}, I can't DM you: open your DMs for this server, or use `/hand` and the slash commands here."
    ),
    # deadlines
    "deadline.remind": (
        "⏳ Your decision in the {game} game in **#{channel}** is waiting: you have until <t:{due}:f> "
        "(<t:{due}:R>). After that, the most passive move is made for you."
    ),
    "deadline.warn": (
        "⏳ {mention}, a quarter of your time is left: decide <t:{due}:R>, or the most passive move is made for you."
    ),
    "deadline.timed_out_log": "⏰ {name} ran out of time: {label} (timed out).",
    # a decision played by default after a missed deadline; {span}: the game's stretch of play under way ("this
    # turn", its form ``span.this``)
    "deadline.defaulted": "⏰ {name} missed {span}: {label} (by default).",
    # the channel's notice of a missed deadline; {until_end}: the game's ``span.until_end`` ("until the turn ends");
    # {then} is one of the two sentences after it
    "deadline.missed": (
        "⏰ **{name}** ran out of time: their decisions take the passive default at once {until_end}. {then}"
    ),
    "deadline.missed_then": (
        "After {turns} missed in a row the AI plays their seat; any player of the game can hand it over now."
    ),
    "deadline.missed_then_never": "Any player of the game can hand their seat to the AI now.",
    "deadline.hand_over": "Let the AI play for {name}",
    "deadline.handed_over": "🤖 {by} handed the seat to the AI.",
    "deadline.set": (
        "⏱️ **{name}** sets the decision deadline to **{deadline}**. It applies to decisions from now on; "
        "decisions already waiting keep their deadline."
    ),
    "deadline.set_none": (
        "⏱️ **{name}** turns the decision deadline off: decisions from now on wait as long as it takes; "
        "decisions already waiting keep their deadline."
    ),
    # how a game's deadline works; {until_end}: the game's ``span.until_end``, {turns}: its ``span.count``
    "status.deadline": (
        "Deadline: {deadline} per decision. A player who misses one plays by default {until_end}; "
        "after {turns} missed in a row the AI takes their seat."
    ),
    "status.deadline_noai": "Deadline: {deadline} per decision. A player who misses one plays by default {until_end}.",
    "status.deadline_none": "No deadline: decisions wait as long as it takes.",
    "status.awaited": "Awaited: {who}.",
    "status.awaited_until": "{name} (until <t:{due}:R>)",
    # /game mine
    "mine.title": "Your games ({count}):",
    "mine.none": (
        "You have no game right now. Open one with `/game new` in a server channel or thread, "
        "or type `/game join` where a lobby is open."
    ),
    "mine.line": "• {where} — {state}{who}{link}",
    "mine.server": " in **{name}**",
    "mine.lobby": "lobby ({count}/{seats} seats)",
    "mine.lobby_wait": " · waiting for {host} to start",
    "mine.waiting": " · to move: {who}",
    "mine.you": "**you**",
    "mine.you_until": "**you** (until <t:{due}:R>)",
    "mine.away": " · the AI plays your seat (`/game return` there takes it back)",
    "mine.paused": " · ⏸️ paused: the bot can't reach its channel",
    "mine.link": " · [table]({url})",
    "mine.more": "…and {n} more.",
    "err.bad_duration": "“{text}” isn't a deadline I can read: {reason}.",
    "duration.format": "write it like 30m, 12h, 2d or 1d12h (d, h, m in that order), or none",
    "duration.range": "a deadline must be between {low} and {high}",
    "err.not_host_or_admin_settings": "Only the host ({host}) or a member with Manage Server can change the settings.",
    "err.no_setting": "Give a setting to change, e.g. `/game settings deadline:12h`.",
    # absent players
    "away.timeouts": (
        "🤖 {name} missed the deadline in {turns} in a row: the AI (normal) plays their seat from now on. "
        "`/game return` gives it back."
    ),
    "away.handed": (
        "🤖 {by} handed {name}'s seat to the AI (normal) after a missed deadline. `/game return` gives it back."
    ),
    "away.left": "🤖 {name} leaves the game: the AI (normal) plays their seat from now on, with their cards. `/game return` gives it back.",
    "away.replaced": "🤖 The AI (normal) plays {name}'s seat from now on, with their cards. `/game return` gives it back.",
    "away.returned": "👋 {name} is back and plays their seat again.",
    # who played a seat, after its name in the results; {when}: the game's ``turn.since`` ("from turn 7") or
    # ``turn.during`` ("in turns 3–5")
    "away.ai_when": "(AI {when})",
    "away.left_reply": "**{name}** leaves; the AI plays their seat from now on.",
    "away.replaced_reply": "**{by}** hands **{name}**'s seat to the AI.",
    "away.returned_reply": "**{name}** takes their seat back.",
    "away.returned_dm": "👋 You have your seat back in **#{channel}**: your next decision comes by DM.",
    # the DM that tells a person the AI took their seat, by what handed it over ({where}: the channel and server)
    "takeover.left": "🤖 You left the {game} game in {where}: the AI (normal) plays your seat now, with your cards.",
    "takeover.replaced": (
        "🤖 **{by}** handed your seat in the {game} game in {where} to the AI: the AI (normal) plays it now, "
        "with your cards."
    ),
    "takeover.handed": (
        "🤖 You missed a deadline in the {game} game in {where}, and **{by}** let the AI play for you: the AI "
        "(normal) plays your seat now, with your cards."
    ),
    "takeover.timeouts": (
        "🤖 You missed the deadline in {turns} in a row in the {game} game in {where}: the AI (normal) plays your "
        "seat now, with your cards."
    ),
    "takeover.back": "Press **Take my seat back** (or type `/game return`) whenever you want to play it again.",
    "takeover.button": "Take my seat back",
    "err.return_over": "That game has ended: there is no seat to take back.",
    "err.no_game_to_return": "You have no running game in which the AI plays your seat.",
    "err.which_game_away": "The AI plays your seat in several games ({games}): choose one with the `game` option.",
    "err.seat_away": "The AI plays your seat while you are away. Type `/game return` (here or in the game's channel) to take it back.",
    "err.already_away": "The AI already plays your seat. `/game return` takes it back.",
    "err.not_away": "You are playing your seat yourself; there is nothing to take back.",
    "err.not_running": "There is no running game in this channel.",
    "err.no_such_player": "That member has no seat in this game.",
    "err.already_ai": "The AI already plays {name}'s seat.",
    "err.not_at_table": "Only the players of this game (or its host, or a member with Manage Server) can do that.",
    "err.not_missed": "{name} has played since that deadline: the seat stays theirs.",
    "err.not_host_or_admin_replace": "Only the host ({host}) or a member with Manage Server can hand a seat to the AI.",
    # errors
    "err.no_game": "There is no game in this channel. Start one with `/game new`.",
    "err.channel_busy": "This channel already has a game. Finish it, or open a thread and start one there.",
    "err.not_lobby": "The game has already started; you can watch it, and join the next one.",
    "err.already_seated": "You already have a seat in this game.",
    "err.not_seated": "You don't have a seat in this game.",
    "err.table_full": "The table is full: every seat is taken.",
    "err.unknown_level": "AI players come in these levels: {levels}.",
    "err.not_host": "Only the host ({host}) can do that.",
    "err.not_host_or_admin": "Only the host ({host}) or a member with Manage Server can abandon the game.",
    "err.series_not_offered": (
        "{game} has no series of games: it plays its own inside one game. Leave out `series`, and choose its "
        "`format` instead."
    ),
    "err.too_few": "{game} needs {seats} players; seated now: {count}.",
    "err.not_player": "You're watching this game: only its players can make moves.",
    "err.game_over": "That game is over. `/game log` shows how it went.",
    "err.not_your_turn": "Nothing is waiting for you right now ({status}). {who}",
    "err.stale": "That button belongs to a decision that has moved on. Your current choices are in your latest DM.",
    "err.already_done": "Already done — that choice was made.",
    "err.illegal": "{reason}",
    "err.unknown_variant": "There is no variant “{variant}”: choose one from the list.",
    "err.unknown_game_kind": "This bot does not know the game “{game}”: choose one from the list.",
    "err.other_game_option": "“{option}” is not an option of {game}: leave it out, or choose the game it belongs to.",
    "err.unknown_series": "There is no series “{series}”: choose a single game or a series.",
    "err.unknown_move": "That isn't one of your moves right now. Pick one from the list.",
    "err.typed_none": "“{text}” names none of your moves now. {status} · {who}\nYou can: {moves}",
    "err.wrong_phase": "That command has no move for you now. {status} · {who}\nYou can: {moves}",
    # the same, where the game says why the move the command names does not fit now ({reason}: a sentence)
    "err.wrong_phase_why": "{reason} {status} · {who}\nYou can: {moves}",
    "err.typed_ambiguous": "“{text}” could be several moves: {moves}. Pick one from the list, or type more of it.",
    "err.unknown_card": "I don't know a card called “{name}”. Try `/card` and pick from the list.",
    "err.card_blank": "There's no card by that name: type a card's name (or a kind, type or colour) and pick from the list.",
    "err.lobby_changed": (
        "Someone joined or left just as the game was starting. Check the seats with `/game status` and start again."
    ),
    "err.busy": (
        "The bot's database is busy right now (a backup may be running), so nothing was changed. "
        "Please try again in a moment."
    ),
    "err.storage": "The bot can't save anything right now, so nothing was changed. Please try again later.",
    "err.storage_full": (
        "The bot's storage is full, so nothing was changed. Please try again later: whoever runs the bot has been told."
    ),
    "err.storage_readonly": (
        "The bot can't save anything right now (its storage is read-only), so nothing was changed. "
        "Please try again later."
    ),
    "err.paused_gone": (
        "This game is paused: its channel **#{channel}** was deleted. The host (or a member with Manage Server) "
        "can go on in another channel with `/game resume` there."
    ),
    "err.paused_no_access": (
        "This game is paused: I can't post in **#{channel}**. It goes on by itself as soon as I can "
        "(or with `/game resume` there)."
    ),
    "err.not_paused": "This game isn't paused: it's running.",
    "err.no_paused_game": (
        "There's no game in this channel, and no paused game of this server that you can move here. "
        "`/game new` opens one."
    ),
    "err.which_paused": "Several paused games could come here ({games}): choose one with the `game` option.",
    "err.resume_not_player": "Only its players, the host or a member with Manage Server can resume this game.",
    "err.cannot_post_here": (
        "I can't post in this channel: give me **View Channel**, **Send Messages**, **Attach Files** and "
        "**Read Message History** here, then try again."
    ),
    "err.which_game": "Several of your games wait on you ({games}): choose one with the `game` option.",
    "err.no_active_game": "You have no running game with a decision waiting.",
    "err.unknown_game": "Pick the game from the list the `game` option offers.",
    "err.other_channel": "That game is played in another channel: make its moves there, or in a DM.",
    "err.generic": "Something went wrong on my side; nothing was changed. Please try again.",
    "err.after_commit": (
        "Something went wrong on my side after your command was saved: it may have taken effect. "
        "Look with `/game status` before trying it again."
    ),
    # playing
    "status.waiting": "Waiting for {who}.",
    "status.over": "The game is over.",
    "status.abandoned": "This game was abandoned.",
    "status.paused_gone": "⏸️ Paused: this game's channel was deleted.",
    "status.paused_no_access": "⏸️ Paused: the bot can't post in this game's channel.",
    "prompt.you": "you",
    "move.stopped": "Stopped before “{label}”: {reason}",
    "move.ok": "✓ {label}",
    # what a DM prompt says once its question was answered elsewhere or is no longer open (one line, no buttons)
    "prompt.done.command": "✓ {label} (by command)",
    "prompt.done.button": "✓ {label}",
    "prompt.done.timeout": "⏰ Played by default at the deadline: {label}",
    "prompt.done.missed": "⏰ Played by default after a missed deadline: {label}",
    "prompt.done.ai": "🤖 Played by the AI: {label}",
    "prompt.done.away": "🤖 The AI plays your seat now.",
    "prompt.done.undone": "↩️ {name} took back a move: this question is no longer open.",
    "prompt.done.over": "🏁 The game has ended.",
    "prompt.done.moved_on": "➡️ This question is no longer open.",
    "undo.done": "↩️ You took back: {label}. Your decision is open again, with its deadline as it was.",
    "undo.log": "↩️ {name} took back their last move.",
    "undo.nothing": "You have made no move in this game yet: there is nothing to take back.",
    "undo.others_acted": "Someone else has acted since your last move, so it can no longer be taken back.",
    "undo.already": "You have already taken back your last move. A move can be taken back only once.",
    "undo.not_yours_ai": "The AI made the last move of your seat, not you: only your own moves can be taken back.",
    "undo.not_yours_deadline": "The deadline made the last move of your seat, not you: only your own moves can be taken back.",
    "undo.revealed": "“{label}” cannot be taken back: it showed something that was hidden (a card drawn, a shuffle, a card revealed or a decision made for another player).",
    "undo.too_late": "Someone acted just before your undo, so your move can no longer be taken back.",
    "undo.button": "Undo",
    "table.title": "**{game}** in #{channel}",
    "table.title_tutorial": "🎓 **{game}** tutorial",
    "log.none": "Nothing has happened yet.",
    "replay.head": "🎞️ **Replay of {game} #{id}** in #{channel} · step {step} of {steps}",
    "replay.live": "⏺ The game goes on: {progress}. This is the table now.",
    "replay.step": "{step} / {steps}",
    "replay.log_button": "Log (.txt)",
    "replay.log_head": "{game} #{id} in #{channel}: the public log",
    "replay.log_sent": "📄 The public log of game #{id}.",
    "replay.choice": "#{id} · {game} · #{channel} · {state}",
    "replay.state.active": "running",
    "replay.state.over": "over",
    "replay.state.abandoned": "abandoned",
    "err.replay_none_here": "There is no game to replay in this channel yet. Pick an older game of this server with the `game` option.",
    "err.replay_no_game": "There is no game #{id} in this server.",
    "err.replay_not_dealt": "Game #{id} never started, so there is nothing to replay.",
    "err.replay_hidden": "Game #{id} was played in a channel you cannot see.",
    "err.replay_broken": "Game #{id} cannot be replayed: its stored moves no longer play back. Nothing was changed.",
    "err.replay_log_running": "The log can be downloaded once the game is over; `/game log` shows its latest lines.",
    # the channel: the move-by-move log in a thread
    "thread.name": "{game} game {id} · move by move",
    "table.log_link": "Move by move: <#{thread}>",
    # DMs: since your last move, the link to the table, notification modes
    "prompt.since": "**Since your last move:**",
    "prompt.since_more": (
        "…and {n} earlier line (`/game log` shows the latest lines).",
        "…and {n} earlier lines (`/game log` shows the latest lines).",
    ),
    "prompt.table_link": "· [the table]({url})",
    "notify.dm": "🔔 New decisions come to you as a DM (one per burst of decisions; follow-ups edit it).",
    "notify.mention": (
        "🔔 New decisions are announced with a mention in the game's channel; your DM prompt is only edited in place."
    ),
    "notify.quiet": (
        "🔕 Quiet: no new DMs and no mentions. Your DM prompt is still edited in place; `/hand` shows your hand "
        "and your moves."
    ),
    "notify.digest": (
        "📬 Daily digest: one DM a day, when your quiet hours end (09:00 your time without them), lists every game "
        "that waits for you, each with a button that brings its question here. No DM or mention for each decision "
        "(your DM prompt is still edited in place); with a quarter of a deadline left you are still mentioned."
    ),
    "digest.head": (
        "📬 **Your daily digest**: {n} game waits for you.",
        "📬 **Your daily digest**: {n} games wait for you.",
    ),
    "digest.line": "**{game}** in {where}: {asked} · {left}",
    "digest.due": "time runs out <t:{due}:R>",
    "digest.no_deadline": "no deadline",
    "digest.foot": "A game's button brings its question here.",
    "digest.coming": "📬 The question of the game in **#{channel}** comes below.",
    "digest.gone": "That game no longer waits for you.",
    "notify.mention_ping": "🔔 {mention}, your move in the {game} game here ({status}).",
    "over.dm_link": "[The results]({url})",
    "place.1": "1st",
    "place.2": "2nd",
    "place.3": "3rd",
    "place.n": "{n}th",
    # an AI seat and its level (the game names its levels: ``bot.table.level_name``), a game's series (/game new
    # series:cup, /game next, /game cup: the game names its series and says its rules, ``bot.table.series_name``)
    "ai.with_level": "{name} ({level})",
    "series.single": "single game",
    "series.cup": "a series: games with the same seats",
    "series.replaced_note": " The unfinished series of this channel ends here, without a winner.",
    "series.next": "▶️ **{name}** starts game {number} of this channel's series ({series}), with the same seats.",
    "err.no_series": "There is no series of games in this channel. Start one with `/game new series:cup`.",
    # a game face's defaults (``bot.face.BaseFace``), for a game that has nothing better to say
    "err.no_hand": "{game} has no hand to show.",
    "face.turn": "📜 **{title}**",
    "face.results": "🏁 **The {game} game is over.**",
    "face.over.won": "🏁 You won the {game} game in **#{channel}**!",
    "face.over.lost": "🏁 The {game} game in **#{channel}** is over: **{name}** won it.",
    "face.stats.line": "📊 **{name}** — {game}: {games}, {wins} ({rate}%), best score {best}.",
    "face.stats.none_you": "You have no finished {game} game in this server yet.",
    "face.stats.none": "**{name}** has no finished {game} game in this server yet.",
    "err.series_over": (
        "This channel's series is over: `/game cup` shows the final standings, `/game new series:cup` starts a new one."
    ),
    "err.series_lobby": "The series' first game hasn't started yet: the host starts it with `/game start`.",
    "err.series_running": "Game {number} of the series is still being played: `/game next` starts the next one once it is over.",
    "err.not_series_player": "Only the series' players and its host ({host}) can start its next game.",
    # ratings: /game top (the server's leaderboard of one game, an image) and the rating line of /game stats
    "stats.rating": "🏅 {game} rating **{rating}**: {rank} of {ranked} on the server's `/game top`.",
    "stats.rating_provisional": "🏅 {game} rating **{rating}**, provisional: on `/game top` after {more} more.",
    "top.caption": "🏆 The **{game}** leaderboard of this server, page {page} of {pages}. `/game stats` shows your rating.",
    "top.title": "{game} leaderboard",
    "top.subtitle": "{server} · ranked after {games}",
    "top.rank": "#",
    "top.name": "Player",
    "top.rating": "Rating",
    "top.games": "Games",
    "top.wins": "Wins",
    "top.empty_row": "Nobody is ranked yet.",
    "top.footer": "Page {page} of {pages} · a careful estimate of skill: newcomers start at {base}",
    "err.top_none": (
        "Nobody is on the **{game}** leaderboard of this server yet: a player is ranked after {games} finished "
        "in this server. AI players are rated apart and never ranked."
    ),
    "err.top_page": "The **{game}** leaderboard of this server has {pages}: ask for one of those.",
    "err.top_game": "There is no game called “{game}” here: pick one from the list.",
    # the web table (/game web, and the links to it on Discord: bot.web.links)
    "webview.watch": "🌐 Watch",
    "webview.replay": "🌐 Replay on the web",
    "webview.top": "🌐 Leaderboard on the web",
    "webview.on": (
        "🌐 The web table is now **on** for this server. Each running game's table message gets a **🌐 Watch** button "
        "to its live page, which shows only what everyone at the table sees; `/game replay` and `/game top` link to "
        "the web too. `/game web enabled:false` hides every page at once."
    ),
    "webview.already_on": "🌐 The web table was already **on** for this server: nothing changed.",
    "webview.off": (
        "The web table is now **off** for this server: every page of its games and leaderboards is gone, and the "
        "running games' table messages lose their 🌐 Watch button. `/game web enabled:true` turns it back on, with "
        "the same links."
    ),
    "webview.already_off": "The web table was already **off** for this server: nothing changed.",
    "webview.leaderboards": "Leaderboards on the web:\n{links}",
    "webview.leaderboard": "{game}: <{url}>",
    "webview.no_address": (
        "⚠️ This bot serves no web pages (its operator has not set `NIGHTFALL_WEB_ADDR`), so no button or link "
        "shows until it does."
    ),
    "err.web_not_admin": "Only a member with **Manage Server** can turn this server's web table on or off.",
    "err.web_dm": "`/game web` turns a server's web table on or off: use it in that server.",
    "game.choice": "#{channel}{mark} (game {id})",
    # a game whose channel the bot cannot reach: paused, told by DM, and going on again
    "paused.log_gone": "⏸️ The game is paused: its channel was deleted.",
    "paused.log_no_access": "⏸️ The game is paused: the bot could not post in its channel.",
    "paused.log_resumed": "▶️ The bot can post in this channel again: the game goes on.",
    "paused.log_resumed_by": "▶️ {name} resumes the game.",
    "paused.log_moved": "▶️ {name} moves the game to this channel: it goes on.",
    "paused.dm_gone": (
        "⏸️ Your {game} game in {where} is paused: its channel was deleted. Nothing is lost, and your "
        "deadlines stand still. The host, or anyone with Manage Server, can go on in another channel of the "
        "server by typing `/game resume` there; `/game abandon` there ends the game instead."
    ),
    "paused.dm_no_access": (
        "⏸️ Your {game} game in {where} is paused: I can no longer post there. Nothing is lost, and your "
        "deadlines stand still. Once I have **View Channel**, **Send Messages**, **Attach Files** and "
        "**Read Message History** there again, the game goes on by itself; the host can also move it with "
        "`/game resume` in another channel."
    ),
    "paused.dm_resumed": (
        "▶️ Your {game} game goes on in {channel}. Your deadlines were moved on by the time it was paused."
    ),
    "paused.resumed_reply": "▶️ **{name}** resumes the game: it goes on here.",
    "paused.moved_reply": "▶️ **{name}** moves the {game} game of **#{old}** to this channel: it goes on here.",
    "paused.abandoned_reply": "The paused game of **#{old}** was ended by **{name}**.",
    "paused.choice": "#{channel} (game {id}, paused)",
    # start-up mends a game that an old join/start race damaged
    "repaired.log_dropped": "🔧 A seat taken while the game was being dealt was removed ({names}): it was never in the game.",
    "repaired.log_ended": "🔧 The game was ended: its seats changed while it was being dealt, so it can't go on fairly.",
    "repaired.dropped": (
        "🔧 You joined the {game} game in **#{channel}** just as it started, and your seat was never dealt in. "
        "The game goes on without you: join the next one!"
    ),
    "repaired.ended": (
        "🔧 The {game} game in **#{channel}** had to be ended: someone joined or left just as it was being "
        "dealt, so its seats no longer matched the cards. Sorry! `/game new` starts a fresh one."
    ),
    # /me: a person's own settings
    "me.moved.notify": "ℹ️ This setting has moved to `/me notify`; `/game notify` goes away in a later release.",
    "me.moved.language": "ℹ️ This setting has moved to `/me language`; `/game language` goes away in a later release.",
    "me.zone_set": (
        "🕰️ Your time zone is now **{zone}**, where it is {time}. Your quiet hours (`/me quiet`) follow it."
    ),
    "err.bad_zone": (
        "“{zone}” is not a time zone I know. Pick one from the list as you type, such as `Europe/Warsaw` or "
        "`America/New_York`."
    ),
    "me.quiet_set": (
        "🌙 Your quiet hours: **{range}** ({zone}). In them your deadline clocks stand still, and no new DM, "
        "mention or reminder reaches you: each waits until the hours end."
    ),
    "me.quiet_off": "🔔 No quiet hours: your deadline clocks run around the clock.",
    "err.bad_quiet": "“{text}” isn't quiet hours I can read: {reason}.",
    "quiet.format": "write a range in your own time, such as 23-8 or 23:30-7, or off",
    "quiet.empty": "the range must not end where it begins, e.g. 23-8",
    "quiet.too_long": "quiet hours may take 16 hours a day at most",
    "me.show.head": "**Your settings** (every game, every server):",
    "me.show.zone": "🕰️ Time zone: {zone}, where it is {time} now",
    "me.show.zone_utc": "🕰️ Time zone: UTC, where it is {time} now (`/me timezone` sets yours)",
    "me.show.quiet_none": "🌙 Quiet hours: none (`/me quiet hours:23-8` sets them)",
    "me.show.quiet_now": "🌙 Quiet hours: {range}, now; they end at {time} (<t:{at}:R>)",
    "me.show.quiet_next": "🌙 Quiet hours: {range}; they begin at {time} (<t:{at}:R>)",
    "me.show.notify.dm": "🔔 New decisions: a DM (`/me notify`)",
    "me.show.notify.mention": "🔔 New decisions: a mention in the game's channel (`/me notify`)",
    "me.show.notify.digest": "📬 New decisions: a daily digest DM, next at {time} (<t:{at}:R>) (`/me notify`)",
    "me.show.notify.quiet": "🔔 New decisions: no DM and no mention (`/me notify`)",
    "me.show.language": "🌐 Language: {language}",
    "me.show.away": "💤 Away until <t:{until}:F> (`/me away days:0` ends it)",
    "me.away_set": "💤 You are away until <t:{until}:F>.",
    "me.away_game": "#{channel}: your clock stands still until <t:{stop}:f>",
    "me.away_game_none": "#{channel}: this game allows no more time away; your clock runs",
    "me.away_no_games": "You have no running game now: nothing stops.",
    "me.away_back": "👋 Welcome back: your clocks run again where they stood.",
    "me.away_not": "You are not away: nothing changes.",
    "me.images_off": (
        "📝 Images off: from your next DM on, your decisions, hands and drafts come as text with the same buttons, "
        "and `/hand`, `/table` and `/card` answer you in words. The game's channel keeps its images. "
        "`/me images mode:on` brings them back."
    ),
    "me.images_on": "🖼️ Images on: from your next DM on, your decisions, hands and drafts show their images again.",
    "me.show.images_on": "🖼️ Images: on (`/me images mode:off` gives text instead)",
    "me.show.images_off": "📝 Images: off, text instead (`/me images mode:on`)",
    "images.no_words": "🖼️ This image has no words yet: `/me images mode:on` shows it.",
    "away.log": "💤 **{name}** is away until <t:{until}:F>; their clock stands still until then.",
    "away.log_capped": (
        "💤 **{name}** is away until <t:{until}:F>; this game stops their clock until <t:{stop}:F>, when its time "
        "away runs out."
    ),
    "away.log_none": "💤 **{name}** is away until <t:{until}:F>; this game allows no more time away: their clock runs.",
    "away.log_back": "👋 **{name}** is back: their clock runs again.",
    "status.away": "💤 {name} is away until <t:{until}:F>.",
    "lobby.away": "Time away: up to {days} per player (`/me away`).",
    "lobby.away_none": "No time away in this game.",
    "away_days.set": "⚙️ **{name}** sets this game's time away: up to {days} per player (`/me away`).",
    "away_days.set_none": "⚙️ **{name}** sets this game's time away: none.",
    "me.show.language_app": "🌐 Language: {language}, as your Discord app (`/me language` chooses one)",
    "language.set": (
        "🌐 From now on your DMs, private replies and hand images are in English, in every game. "
        "A game's channel keeps the language it was opened in (`/game new language:`)."
    ),
    # counted nouns: (one, other) in English; Polish and Russian have three forms (one, few, many)
    "n.game": ("{n} game", "{n} games"),
    "n.win": ("{n} win", "{n} wins"),
    "n.page": ("{n} page", "{n} pages"),
    "n.day": ("{n} day", "{n} days"),
    "n.hour": ("{n} hour", "{n} hours"),
    "n.minute": ("{n} minute", "{n} minutes"),
}

DOMAIN = i18n.register("bot", Path(__file__).parent / "locales", EN)


def clip(text: str, limit: int = 2000) -> str:
    """``text`` cut to ``limit`` characters (Discord refuses longer messages), marked with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shorten(text: str, limit: int = 32) -> str:
    """``text`` in at most ``limit`` characters, cut between words (never inside one) and never leaving a bracket
    open: what is dropped is the end, marked with an ellipsis. A single word longer than ``limit`` is cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > 0:
        cut = cut[:space]
    for opening, closing in ("()", "[]", "«»", "“”"):
        while cut.count(opening) > cut.count(closing):
            cut = cut[: cut.rfind(opening)]
    cut = cut.rstrip(" ,;:–—-(")
    return (cut or text[: limit - 1]) + "…"


def t(key: str, locale: str = "en", **kwargs: Any) -> str:
    """The sentence for ``key`` in ``locale`` (English when it has no translation), formatted with ``kwargs``.

    A field given as ``{"en": …, "pl": …, "ru": …}`` (a move's label, an engine explanation) is
    taken in ``locale``: texts made before the reader's language was known stay translatable."""
    return i18n.text(key, locale, **{k: pick(v, locale) for k, v in kwargs.items()})


def pick(value: Any, locale: str) -> Any:
    """``value`` itself, or its text in ``locale`` when it is a per-language dict."""
    if isinstance(value, dict) and "en" in value:
        return value.get(locale) or value["en"]
    return value


def fold(text: str) -> str:
    """Text as a search compares it: no case, no accents (ł as l), letters and digits only; what ``/card`` and the
    games' card searches match a typed name by ("ciezki dym" is „Ciężki Dym”)."""
    text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(ch for ch in text.casefold() if ch.isalnum() and not unicodedata.combining(ch))


def server_language(interaction: Any) -> str:
    """The language for a new game's public texts: the server's preferred locale if we speak it, else English."""
    guild = getattr(interaction, "guild", None)
    return i18n.language(getattr(guild, "preferred_locale", None) or getattr(interaction, "guild_locale", None))


def plural(key: str, n: int, locale: str = "en", **kwargs: Any) -> str:
    """The counted sentence ``key`` for ``n`` in ``locale`` (its CLDR plural form)."""
    return i18n.plural(key, n, locale, **{k: pick(v, locale) for k, v in kwargs.items()})


#: The forms of its nouns every game gives in its own domain, as ``<game key>.<form>`` in English, Polish and
#: Russian, each with exactly these fields (``n``: a counted form, ``(one, other)`` in English): the host's
#: sentences take them as fields, so a game may call its stretches of play anything ("turn", "exchange",
#: "trick") with no host change. ``span`` is the stretch a missed deadline covers (``Match.span``), ``turn``
#: the one its turn counter counts (``Match.turn``); the Polish and Russian host sentences are worded so each
#: form fits in the case it is given in.
NOUN_FORMS: dict[str, frozenset[str]] = {
    # the stretch under way, as a subject: "this turn" / "ta tura" / "этот ход" (nominative)
    "span.this": frozenset(),
    # until it ends, after a verb: "until the turn ends" / "do końca tury" / "до конца хода"
    "span.until_end": frozenset(),
    # a counted number of them, nominative: "3 turns" / "3 tury" / "3 хода" (counted: Polish and Russian forms)
    "span.count": frozenset({"n"}),
    # the AI at a seat since a numbered one: "from turn {turn}" / "od tury {turn}" / "с хода {turn}"
    "turn.since": frozenset({"turn"}),
    # the AI at a seat in listed ones: "in turns {turns}" / "w turach {turns}" / "в ходах {turns}"
    "turn.during": frozenset({"turns"}),
    # a numbered one, as a phrase: "turn {turn}" / "tura {turn}" / "ход {turn}" (``/game mine``'s progress)
    "turn.nth": frozenset({"turn"}),
    # a numbered one, as a heading: "Turn {turn}" / "Tura {turn}" / "Ход {turn}" (a turn's summary)
    "turn.title": frozenset({"turn"}),
}
#: the forms that are counted (``i18n.plural``)
COUNTED_FORMS = frozenset({"span.count"})


def noun(game: str, form: str, locale: str = "en", /, **fields: Any) -> str:
    """A game's noun in one of its ``NOUN_FORMS`` and ``locale``, from the game's own catalogue (``game``: its
    key): the field a host sentence about the game's stretches of play takes. A counted form takes ``n``."""
    if form not in NOUN_FORMS:
        raise KeyError(f"{form!r} is not one of the noun forms a game gives: {sorted(NOUN_FORMS)}")
    key = f"{game}.{form}"
    if form in COUNTED_FORMS:
        return i18n.plural(key, fields.pop("n"), locale, **fields)
    return i18n.text(key, locale, **fields)


def count(n: int, noun: str, locale: str = "en") -> str:
    """``n`` with its noun (``n.<noun>``, in any domain) in the right form: "1 day", "2 days"; "2 dni", "5 dni";
    "21 день"."""
    return i18n.plural(f"n.{noun}", n, locale)


def rename(event: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The event with engine seat ids replaced by players' display names, wherever the protocol's contract of
    events puts a seat (``engine.protocol.SEAT_FIELDS`` and the dicts keyed by seat, at any depth)."""
    renamed: dict[str, Any] = rename_seats(event, names)
    return renamed
