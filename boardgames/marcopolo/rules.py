"""The Voyages of Marco Polo's rules in a few words: the game's id, name, player counts and flags, and every
rule id (``IllegalMove.rule`` and the kinds of the events of automatic steps). The rules in full, with the
project's decisions, are ``docs/rules/marcopolo.md``; the numbers are ``data.py``."""

from __future__ import annotations

from boardgames.core import Spec

GAME = "marcopolo"
NAME = "The Voyages of Marco Polo"
PLAYERS = range(2, 5)
FLAGS = {"expert_setup": False, "mercator_2p_coins": 1, "contracts_bonus_needs_one": False}
SPEC = Spec(GAME, NAME, PLAYERS, FLAGS)

RULES = {
    "marcopolo.setup.players": "A game has 2 to 4 players.",
    "marcopolo.setup.characters": "Characters are given or the first-game set (one left to chance is dealt among "
    "those not named); with the expert setup players + 1 are revealed and chosen in reverse turn order, goal cards "
    "are dealt 4 and each player keeps 2.",
    "marcopolo.round.start-player": "From round 2 the player who placed dice on Travel last becomes start player.",
    "marcopolo.round.income": "Each round starts with the small-city bonuses of every post and the characters' "
    "income.",
    "marcopolo.round.collect": "All dice come back to their owners; black dice return to the supply.",
    "marcopolo.round.roll": "Every player rolls their dice (Raschid does not roll).",
    "marcopolo.round.compensation": "Dice summing to less than 15 give the difference in any mix of coins and "
    "camels.",
    "marcopolo.turn.not-your-turn": "Only the player to move may move.",
    "marcopolo.turn.main-action": "A turn has exactly one main action while the player holds dice, and ends only "
    "by ending it.",
    "marcopolo.turn.no-dice": "A player with no dice is skipped; the round ends when nobody has dice.",
    "marcopolo.bonus.not-during-action": "Bonus actions happen before or after the main action, never inside it.",
    "marcopolo.dice.not-yours": "A player places only dice they hold.",
    "marcopolo.dice.count": "A space takes exactly the number of dice it shows; the lowest die sets the result.",
    "marcopolo.dice.colour-once": "A player colour appears on a space at most once per round.",
    "marcopolo.space.fee": "An occupied shared space costs coins equal to the lowest die placed (not for Berke "
    "Khan).",
    "marcopolo.space.cannot-pay": "A player who cannot pay the fee cannot place there.",
    "marcopolo.space.taken": "An exclusive space holds one die per round; Khan's Favor closes when full.",
    "marcopolo.travel.steps": "Travel moves the figure along routes up to d steps, at least one.",
    "marcopolo.travel.cannot-pay": "Travel costs the steps' coins plus every route's extra cost, paid before "
    "moving.",
    "marcopolo.travel.arrive": "Where a figure stops: a post, with the outpost tile if first or the small city's "
    "bonus; Beijing's highest free space.",
    "marcopolo.bazaar.column": "The bazaar's column is at most d.",
    "marcopolo.khan.too-low": "Khan's Favor fills left to right, each die at least the previous one.",
    "marcopolo.contract.space": "Take 1 or 2 contracts from spaces numbered at most d.",
    "marcopolo.contract.hand-limit": "A player holds at most 2 active contracts and discards older ones first.",
    "marcopolo.contract.refill": "An empty contract board gets the top 2 contracts of the special pile at the "
    "start of a turn.",
    "marcopolo.city.no-post": "A city card needs the player's post in its city.",
    "marcopolo.city.just-arrived": "A city card may not be used on the turn the post there was placed.",
    "marcopolo.city.repeats": "A city card is used 1 to d times.",
    "marcopolo.city.cannot-pay": "Every repeat of a city card is paid in full, and the card must be usable once.",
    "marcopolo.bonus.fulfil": "Fulfil an active contract by paying its camels and goods, for its VP and reward.",
    "marcopolo.bonus.coins3": "Any one die on the coin bag gives 3 coins.",
    "marcopolo.bonus.reroll": "Reroll an unplaced die for 1 camel (not Raschid).",
    "marcopolo.bonus.adjust": "Change an unplaced die by 1 for 2 camels, never 6 to 1 or 1 to 6 (not Raschid).",
    "marcopolo.bonus.black-die": "Take a black die for 3 camels, once per turn, while the supply has one.",
    "marcopolo.post.place": "At most one post per player per city; the 8th and 9th posts score 5 and 10 VP; with "
    "no post left one is moved.",
    "marcopolo.reward.move": "Move 1 step: no step cost, the route's extra cost; optional; lost if it cannot be "
    "paid.",
    "marcopolo.reward.black-die": "A black die gained as a reward is rolled at once; lost with the supply empty.",
    "marcopolo.reward.choice": "A reward with a choice (a good of choice, 2 different goods, Xian's \"?\") is "
    "chosen by the player who receives it.",
    "marcopolo.reward.special-contract": "Take the top contract of the special pile; with 2 held, discard one or "
    "decline it.",
    "marcopolo.round.end": "At the end of rounds 1-4 leftover contracts go under the special pile and the next "
    "pile is dealt.",
    "marcopolo.game.end": "After round 5 the final scoring; most VP wins, then most camels, then a shared win.",
}
