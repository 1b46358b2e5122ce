"""Every word Fightdrome's images draw, in English, Polish and Russian, with the same keys in each.

Polish follows the rulebook's terms (cios, kopnięcie, chwyt, blok, unik, zwód, powłoka, stos, sława,
ogłuszenie, odpoczynek, runda, talia, ręka, odrzucone); Russian is ours (рука, колода, сброс, оглушение,
отдых, слава, раунд). Card and character names come from the card data (``engine.fightdrome.cards``).

Counts are drawn as numbers beside a label ("deck 25"), never inside a noun phrase, so no plural forms
are needed; verbs are infinitives or present tense, which Polish and Russian do not inflect for gender.
"""

from __future__ import annotations

from engine.fightdrome import cards

LANGS = ("en", "pl", "ru")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round {n}",
        "opener": "opened by {name}",
        "target": "to {n} Fame",
        "bout": "single bout",
        "tournament": "Grand Tournament",
        "breather": "Breather",
        "last_breath": "Last Breath",
        # the decision kinds (engine.fightdrome.KINDS)
        "kind.open": "open with an attack",
        "kind.follow_up": "open again after the Feint",
        "kind.open_or_rest": "open or rest",
        "kind.rest_or_open": "rest again or open",
        "kind.answer": "answer {card}",
        "kind.answer_short": "answer the top card",
        "kind.stun_discard": "stunned: discard a card",
        "kind.sleeve": "choose the next Sleeve",
        "kind.first_sleeve": "choose a first Sleeve",
        "wins_match": "{name} wins the match",
        # a fighter
        "sleeve": "Sleeve",
        "stack": "Stack",
        "fame": "Fame",
        "hand": "hand",
        "deck": "deck",
        "discard": "discard",
        "stun": "stun",
        "rest_yes": "Rest: yes",
        "rest_no": "Rest: no",
        "rounds_won": "rounds won",
        "team": "team",
        "choosing": "choosing a Sleeve",
        "chosen": "Sleeve chosen",
        # the exchange
        "exchange": "EXCHANGE",
        "no_exchange": "no cards on the fight line",
        "earlier": "+{n} earlier",
        "neuro": "NEURO",
        "to_answer": "to answer:",
        "neuro_of": "Neuro: {types}",
        "any_attack": "Any attack",
        "any_card": "any",
        "type.punch": "Punch",
        "type.kick": "Kick",
        "type.grapple": "Grapple",
        "type.block": "Block",
        # the last things that happened
        "last_round": "Round {n}: {name} won",
        "ending.empty": "hand empty",
        "ending.rest": "after Rest",
        "event.stunned": "{name} is stunned",
        "event.rest": "{name} rests",
        "event.reshuffle": "{name}: deck reshuffled",
        "event.overload": "{name}: Overload, new hand",
        "event.cannot_open": "{name} cannot open",
        "event.eliminated": "{sleeve} is out",
        "event.last_breath": "{name}: Last Breath draw",
        "event.tie": "tie over the target: one more round",
        # the hand
        "your_hand": "Your hand",
        "your_move": "Your move: {what}",
        "waiting_for": "Waiting for {name}",
        "playable": "playable now",
        "top_card": "Top card:",
        "stun_pile": "Your stun pile:",
        "none": "none",
        "no_cards": "no cards in hand",
        "rest_allowed": "You may rest",
        # the results
        "result": "MATCH RESULT",
        "rounds": "ROUNDS",
        "fighters_left": "fighters left",
        "col.winner": "Winner",
        "col.ending": "Ending",
        # one card
        "family.attack": "attack",
        "family.block": "block",
        "family.dodge": "dodge",
        "family.feint": "feint",
        "strength": "Strength",
        "no_strength": "no strength",
        "answers": "Plays on:",
        "any_strength": "{type}, any strength",
        "up_to": "{type} ≤ {n}",
        "every_attack": "any attack, neuro too",
        "not_neuro": "not on neuro attacks",
        "opens": "May open an exchange.",
        "ends": "Ends the exchange.",
        "feint_does": "Ends the exchange; you draw and open again.",
        "no_draw": "No draw after it.",
        "mark.✓": "✓ printed",
        "mark.~": "~ inferred",
        "mark.R": "R reconstructed",
        # the images in words, for readers who cannot see them (alt text): plain words, no symbols
        "alt.table": "Fightdrome table.",
        "alt.deciding": "Deciding now: {who}, {what}.",
        "alt.fighter": "{name}: {facts}.",
        "alt.line": "The exchange on the fight line, first to top: {cards}.",
        "alt.played_by": "{card} by {name}",
        "alt.answer": "To answer the top card: {groups}.",
        "alt.at_least": "{n} or more",
        "alt.up_to": "{n} or less",
        "alt.ai": "(AI)",
        "alt.hand": "Your hand: {cards}.",
        "alt.not_playable": "not playable now",
        "alt.results": "Fightdrome, match result.",
        "alt.card": "{name}: {kind}.",
        "alt.sleeves": "Sleeves: {names}.",
        "alt.lost": "out: {names}",
    },
    "pl": {
        "round": "Runda {n}",
        "opener": "zaczyna: {name}",
        "target": "do {n} sławy",
        "bout": "pojedynek",
        "tournament": "Wielki turniej",
        "breather": "Chwila oddechu",
        "last_breath": "Ostatnie tchnienie",
        "kind.open": "otworzyć atakiem",
        "kind.follow_up": "znów otworzyć po zwodzie",
        "kind.open_or_rest": "otworzyć lub odpocząć",
        "kind.rest_or_open": "znów odpocząć lub otworzyć",
        "kind.answer": "odpowiedzieć na: {card}",
        "kind.answer_short": "odpowiedzieć na kartę z wierzchu",
        "kind.stun_discard": "ogłuszenie: odrzucić kartę",
        "kind.sleeve": "wybrać następną powłokę",
        "kind.first_sleeve": "wybrać pierwszą powłokę",
        "wins_match": "{name} wygrywa mecz",
        "sleeve": "Powłoka",
        "stack": "Stos",
        "fame": "Sława",
        "hand": "ręka",
        "deck": "talia",
        "discard": "odrzucone",
        "stun": "ogłuszenie",
        "rest_yes": "Odpoczynek: tak",
        "rest_no": "Odpoczynek: nie",
        "rounds_won": "wygrane rundy",
        "team": "drużyna",
        "choosing": "wybór powłoki",
        "chosen": "powłoka wybrana",
        "exchange": "WYMIANA",
        "no_exchange": "brak kart na linii walki",
        "earlier": "+{n} wcześniej",
        "neuro": "NEURO",
        "to_answer": "odpowiedź:",
        "neuro_of": "Neuro: {types}",
        "any_attack": "Każdy atak",
        "any_card": "dowolna",
        "type.punch": "Cios",
        "type.kick": "Kopnięcie",
        "type.grapple": "Chwyt",
        "type.block": "Blok",
        "last_round": "Runda {n}: wygrywa {name}",
        "ending.empty": "pusta ręka",
        "ending.rest": "po odpoczynku",
        "event.stunned": "{name}: ogłuszenie",
        "event.rest": "{name}: odpoczynek",
        "event.reshuffle": "{name}: nowa talia z odrzuconych",
        "event.overload": "{name}: przeciążenie, nowa ręka",
        "event.cannot_open": "{name} nie może otworzyć",
        "event.eliminated": "{sleeve} odpada",
        "event.last_breath": "{name}: ostatnie tchnienie",
        "event.tie": "remis ponad progiem: jeszcze jedna runda",
        "your_hand": "Twoja ręka",
        "your_move": "Twój ruch: {what}",
        "waiting_for": "Czekamy na: {name}",
        "playable": "można zagrać",
        "top_card": "Na wierzchu:",
        "stun_pile": "Twoje ogłuszenie:",
        "none": "brak",
        "no_cards": "brak kart w ręce",
        "rest_allowed": "Możesz odpocząć",
        "result": "WYNIK MECZU",
        "rounds": "RUNDY",
        "fighters_left": "pozostali zawodnicy",
        "col.winner": "Wygrywa",
        "col.ending": "Koniec",
        "family.attack": "atak",
        "family.block": "blok",
        "family.dodge": "unik",
        "family.feint": "zwód",
        "strength": "Siła",
        "no_strength": "bez siły",
        "answers": "Zagrywasz na:",
        "any_strength": "{type}, dowolna siła",
        "up_to": "{type} ≤ {n}",
        "every_attack": "każdy atak, też neuro",
        "not_neuro": "nie na ataki neuro",
        "opens": "Może otworzyć wymianę.",
        "ends": "Kończy wymianę.",
        "feint_does": "Kończy wymianę; dobierasz i znów otwierasz.",
        "no_draw": "Bez dobierania po zagraniu.",
        "mark.✓": "✓ z instrukcji",
        "mark.~": "~ wywnioskowane",
        "mark.R": "R zrekonstruowane",
        "alt.table": "Stół Fightdrome.",
        "alt.deciding": "Teraz decyduje: {who}, {what}.",
        "alt.fighter": "{name}: {facts}.",
        "alt.line": "Wymiana na linii walki, od pierwszej karty do wierzchniej: {cards}.",
        "alt.played_by": "{card}, zagrywa: {name}",
        "alt.answer": "Na kartę z wierzchu można odpowiedzieć: {groups}.",
        "alt.at_least": "co najmniej {n}",
        "alt.up_to": "co najwyżej {n}",
        "alt.ai": "(AI)",
        "alt.hand": "Twoja ręka: {cards}.",
        "alt.not_playable": "teraz nie do zagrania",
        "alt.results": "Fightdrome, wynik meczu.",
        "alt.card": "{name}: {kind}.",
        "alt.sleeves": "Powłoki: {names}.",
        "alt.lost": "odpadły: {names}",
    },
    "ru": {
        "round": "Раунд {n}",
        "opener": "начинает: {name}",
        "target": "до {n} славы",
        "bout": "одиночный бой",
        "tournament": "Большой турнир",
        "breather": "Передышка",
        "last_breath": "Последний вздох",
        "kind.open": "атаковать",
        "kind.follow_up": "снова атаковать после финта",
        "kind.open_or_rest": "атаковать или отдохнуть",
        "kind.rest_or_open": "снова отдохнуть или атаковать",
        "kind.answer": "ответить на: {card}",
        "kind.answer_short": "ответить на верхнюю карту",
        "kind.stun_discard": "оглушение: сбросить карту",
        "kind.sleeve": "выбрать следующую оболочку",
        "kind.first_sleeve": "выбрать первую оболочку",
        "wins_match": "{name} побеждает в матче",
        "sleeve": "Оболочка",
        "stack": "Стек",
        "fame": "Слава",
        "hand": "рука",
        "deck": "колода",
        "discard": "сброс",
        "stun": "оглушение",
        "rest_yes": "Отдых: да",
        "rest_no": "Отдых: нет",
        "rounds_won": "выиграно раундов",
        "team": "команда",
        "choosing": "выбирается",
        "chosen": "выбрана",
        "exchange": "ОБМЕН",
        "no_exchange": "на линии боя нет карт",
        "earlier": "+{n} ранее",
        "neuro": "НЕЙРО",
        "to_answer": "ответ:",
        "neuro_of": "Нейро: {types}",
        "any_attack": "Любая атака",
        "any_card": "любая",
        "type.punch": "Удар рукой",
        "type.kick": "Удар ногой",
        "type.grapple": "Захват",
        "type.block": "Блок",
        "last_round": "Раунд {n}: побеждает {name}",
        "ending.empty": "пустая рука",
        "ending.rest": "после отдыха",
        "event.stunned": "{name}: оглушение",
        "event.rest": "{name}: отдых",
        "event.reshuffle": "{name}: колода перемешана",
        "event.overload": "{name}: перегрузка, новая рука",
        "event.cannot_open": "{name} не может атаковать",
        "event.eliminated": "{sleeve} выбывает",
        "event.last_breath": "{name}: последний вздох",
        "event.tie": "ничья выше цели: ещё один раунд",
        "your_hand": "Ваша рука",
        "your_move": "Ваш ход: {what}",
        "waiting_for": "Ждём: {name}",
        "playable": "можно сыграть",
        "top_card": "Сверху:",
        "stun_pile": "Ваше оглушение:",
        "none": "нет",
        "no_cards": "в руке нет карт",
        "rest_allowed": "Можно отдохнуть",
        "result": "ИТОГ МАТЧА",
        "rounds": "РАУНДЫ",
        "fighters_left": "осталось бойцов",
        "col.winner": "Победа",
        "col.ending": "Конец",
        "family.attack": "атака",
        "family.block": "блок",
        "family.dodge": "уклон",
        "family.feint": "финт",
        "strength": "Сила",
        "no_strength": "без силы",
        "answers": "Играется на:",
        "any_strength": "{type}, любая сила",
        "up_to": "{type} ≤ {n}",
        "every_attack": "любую атаку, и нейро",
        "not_neuro": "не на нейроатаки",
        "opens": "Может начать обмен.",
        "ends": "Завершает обмен.",
        "feint_does": "Завершает обмен; берёте карту и снова атакуете.",
        "no_draw": "После неё карту не берут.",
        "mark.✓": "✓ из правил",
        "mark.~": "~ выведено",
        "mark.R": "R реконструкция",
        "alt.table": "Стол Fightdrome.",
        "alt.deciding": "Сейчас решает: {who}, {what}.",
        "alt.fighter": "{name}: {facts}.",
        "alt.line": "Обмен на линии боя, от первой карты к верхней: {cards}.",
        "alt.played_by": "{card}, играет {name}",
        "alt.answer": "Ответить на верхнюю карту можно: {groups}.",
        "alt.at_least": "не меньше {n}",
        "alt.up_to": "не больше {n}",
        "alt.ai": "(ИИ)",
        "alt.hand": "Ваша рука: {cards}.",
        "alt.not_playable": "сейчас сыграть нельзя",
        "alt.results": "Fightdrome, итог матча.",
        "alt.card": "{name}: {kind}.",
        "alt.sleeves": "Оболочки: {names}.",
        "alt.lost": "выбыли: {names}",
    },
}


def lang_of(lang: str) -> str:
    """``lang`` if the images speak it, else English (a new language must not break a match)."""
    return lang if lang in WORDS else "en"


def word(key: str, lang: str = "en", **kw: object) -> str:
    """The words for ``key`` in ``lang`` with ``kw`` filled in; English when the language is unknown."""
    return WORDS[lang_of(lang)][key].format(**kw)


def card_name(face: str, lang: str = "en") -> str:
    """A face's full name from the card data: "Kick 30", "Kopnięcie 30", "Удар ногой 30"."""
    return cards.name(face, lang_of(lang))


def type_word(type_: str, lang: str = "en") -> str:
    """ "Punch", "Kick", "Grapple" or "Block": what a card of ``type_`` does, without "Neurochem"."""
    return word(f"type.{type_}", lang)


def short_name(face: str, lang: str = "en") -> str:
    """A card's name without its strength and without "Neurochem" (the tile marks neuro apart)."""
    k = cards.kind(face)
    if k.neuro:
        return type_word("block" if k.family == "block" else k.type, lang)
    return k.names.get(lang_of(lang)) or k.names["en"]


def sleeve_name(sleeve: str, lang: str = "en") -> str:
    """A Sleeve's name in ``lang`` (the id itself if the data does not know it)."""
    s = cards.sleeves().get(sleeve)
    return (s.names.get(lang_of(lang)) or s.names["en"]) if s else sleeve


def stack_name(stack: str, lang: str = "en") -> str:
    """A Stack's name in ``lang`` (the id itself if the data does not know it)."""
    s = cards.stacks().get(stack)
    return (s.names.get(lang_of(lang)) or s.names["en"]) if s else stack


def requirement_groups(requirement: list[str], lang: str = "en") -> list[str]:
    """``pub["requirement"]`` in words, one group a string: ["Punch/Grapple ≥ 60", "Punch Block ≥ 60",
    "Dodge", "Feint", "Neuro: Punch/Grapple/Block"]; attacks with the same minimum share a group."""
    attacks: dict[str, list[str]] = {}
    groups: list[str] = []
    neuro: list[str] = []
    for code in requirement:
        base, _, minimum = code.partition("≥")
        k = cards.kinds().get(base)
        if k is None:
            groups.append(code)
        elif k.neuro:
            neuro.append(type_word("block" if k.family == "block" else k.type, lang))
        elif minimum and k.family == "attack":
            attacks.setdefault(minimum, []).append(short_name(base, lang))
        elif minimum:
            groups.append(f"{short_name(base, lang)} ≥ {minimum}")
        else:
            groups.append(short_name(base, lang))
    # all three attack types with one minimum read "Any attack ≥ 10"; all four neuro cards "Neuro: any"
    out = [
        f"{word('any_attack', lang) if len(names) == 3 else '/'.join(names)} ≥ {minimum}"
        for minimum, names in attacks.items()
    ] + groups
    if neuro:
        types = word("any_card", lang) if len(neuro) == 4 else "/".join(neuro)
        out.append(word("neuro_of", lang, types=types))
    return out
