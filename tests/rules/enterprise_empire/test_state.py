"""The rules of 企業帝國, one test per rule of the seed text (seeds/003_…, cited by
section) and of the reference's decisions (reference/enterprise-empire.md, cited by §)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import keizai
from keizai.engine import IllegalAction, Rng, drawing_from
from keizai.rules.enterprise_empire.state import MOVE, OFFER, REFILL, EmpireState
from tests.rules.enterprise_empire.helpers import (
    CORNER_SPACES,
    KIND,
    MATERIAL,
    PARTS,
    deal_price_card,
    first_space,
    give,
    hand_size,
    held,
    labels,
    new_state,
    own_corner,
    put_on_top,
    roll,
)

SIZE = len(PARTS.board)
OIL_SUPPLY = first_space("energy_supply")  # 1


def material_of(space: int) -> str:
    return PARTS.materials[PARTS.board[space].material].id


# ----- set-up (seed 1. 遊戲準備) -------------------------------------------------------


def test_setup_deals_groups_companies_money_and_piles() -> None:
    """Seed 1: a group card each with its 5 company cards (pile shuffled, top revealed);
    pawns on corners in turn order (option `choose_corners=false`); a $500 note on every
    corner, also unused ones; 3 tokens of each of 8 materials; demand pile shuffled with its
    top revealed; price pile of 23; $2,000 each."""
    state = new_state(players=3, seed=4)
    assert len(set(state.group)) == 3
    for seat in range(3):
        group_cards = set(PARTS.group_companies[state.group[seat]])
        assert {state.company_up[seat], *state.company_pile[seat]} == group_cards
        turn_position = (seat - state.start) % 3
        assert state.corner_of[seat] == turn_position
        assert state.position[seat] == CORNER_SPACES[turn_position]
    assert state.corner_revenue == [500, 500, 500, 500]
    assert state.corner_owner[3] == -1
    assert state.bank == [3] * 8 and not any(state.held)
    assert sorted(state.demand_pile) == list(range(8))
    assert len(state.price_pile) == 23 and not any(state.hand)
    assert state.cash == [2000, 2000, 2000]
    assert state.active == state.current_player == state.start
    view = state.view(None)
    assert view["demand"]["material"] == PARTS.materials[state.demand_pile[0]].id
    assert view["players"][0]["company_card"]["id"] == PARTS.companies[state.company_up[0]].id


def test_setup_is_random_per_seed() -> None:
    """Seed 1: group cards, company piles and the decks are shuffled."""
    deals = {(tuple(s.group), tuple(s.price_pile), tuple(s.demand_pile), s.start)
             for s in (new_state(4, seed) for seed in range(20))}
    assert len(deals) == 20
    assert {new_state(4, seed).start for seed in range(20)} == {0, 1, 2, 3}


def test_players_choose_their_corners_by_default() -> None:
    """Seed §1: 「從起始玩家開始，依順時針方向，各玩家輪流將自家玩家代表物與集團招牌卡擺放在遊戲
    版圖的其中1個角落格上」 — choosing is the default set-up (issue 13), for bots too;
    `choose_corners=false` deals the corners in turn order instead."""
    import keizai
    from keizai.agents import make_agent

    state = keizai.new_game("enterprise-empire", 4, seed=5)
    assert isinstance(state, EmpireState)
    assert state.current_player == state.start
    assert labels(state) == ["corner:A", "corner:B", "corner:C", "corner:D"]
    assert all(p["corner"] is None for p in state.view(state.start)["players"])
    bot = make_agent("heuristic", 1)
    for _ in range(4):
        state.apply(bot.choose(state))
    assert sorted(state.corner_of) == [0, 1, 2, 3] and state.phase == MOVE
    dealt = keizai.new_game("enterprise-empire", 4, seed=5, options={"choose_corners": False})
    assert isinstance(dealt, EmpireState)
    assert labels(dealt) == ["roll"]


def test_choose_corners_option_lets_each_player_pick_a_free_corner() -> None:
    """Seed §1: clockwise from the start player, each player puts pawn and group card on
    one of the corners (option `choose_corners`, the default)."""
    state = new_state(players=3, seed=2, choose_corners=True)
    first = state.start
    assert state.current_player == first and state.view(None)["players"][first]["corner"] is None
    assert labels(state) == ["corner:A", "corner:B", "corner:C", "corner:D"]
    state.apply("corner:C")
    assert state.current_player == (first + 1) % 3
    assert labels(state) == ["corner:A", "corner:B", "corner:D"]
    with pytest.raises(IllegalAction):
        state.apply("corner:C")
    state.apply("corner:D")
    state.apply("corner:A")
    assert state.phase == MOVE and state.current_player == first
    assert state.position[first] == CORNER_SPACES[2] and state.corner_owner[1] == -1
    assert state.corner_of == [[2, 3, 0][(seat - first) % 3] for seat in range(3)]
    state.check_invariants()


# ----- moving (seed 2.(1)) ------------------------------------------------------------


def test_roll_moves_by_the_four_sided_die() -> None:
    """Seed 2.(1)A: roll the four-sided die and move that many spaces."""
    state = new_state()
    seat = state.active
    start = state.position[seat]
    state.apply("roll")
    assert 1 <= (state.position[seat] - start) % SIZE <= 4
    assert labels(new_state()) == ["roll"]


def test_playing_a_price_card_moves_its_steps_and_puts_it_under_the_pile() -> None:
    """Seed 2.(1)B: play a price card from hand, move its step count, the card goes face
    down under the price pile. Identical cards are one choice."""
    state = new_state()
    seat = state.active
    deal_price_card(state, seat, 500)
    deal_price_card(state, seat, 500)
    deal_price_card(state, seat, 300)
    assert labels(state) == ["roll", "play:300:3", "play:500:5"]
    start = state.position[seat]
    state.apply("play:500:5")
    assert state.position[seat] == (start + 5) % SIZE
    assert hand_size(state, seat) == 2
    assert state.price_pile[-1] == KIND[(500, 5)]
    state.check_invariants()


def test_a_card_not_in_hand_cannot_be_played() -> None:
    state = new_state()
    with pytest.raises(IllegalAction):
        state.apply("play:900:9")


# ----- revenue (seed 2.(2), 2.(3)D; reference E2, E3) ---------------------------------


def test_passing_own_corner_collects_its_revenue() -> None:
    """Seed 2.(2): passing your own corner takes its revenue from the bank."""
    state = new_state()
    seat = state.active
    corner = own_corner(state, seat)
    state.position[seat] = (corner - 2) % SIZE
    roll(state, 3)
    assert state.cash[seat] == 2500
    state.check_invariants()


def test_landing_on_own_corner_collects_its_revenue_once() -> None:
    """Reference E2 [X]: landing exactly on your corner counts as passing it, paid once."""
    state = new_state()
    seat = state.active
    state.corner_revenue[state.corner_of[seat]] = 1000
    state.founded[seat] = 1
    state.position[seat] = (own_corner(state, seat) - 2) % SIZE
    roll(state, 2)
    assert state.cash[seat] == 3000
    assert state.active != seat  # the corner has no other effect: the turn is over


def test_leaving_own_corner_is_not_passing_it() -> None:
    """Reference §3 [X]: pawns start on their corner; leaving it is not passing it."""
    state = new_state()
    seat = state.active
    roll(state, 1)
    assert state.cash[seat] == 2000


def test_passing_another_players_corner_pays_nothing() -> None:
    """Seed 2.(2): only your own corner pays for passing."""
    state = new_state()
    seat = state.active
    other = 1 - seat
    state.position[seat] = (own_corner(state, other) - 1) % SIZE
    roll(state, 2)
    assert state.cash == [2000, 2000]


def test_landing_on_another_players_corner_takes_its_revenue_from_the_bank() -> None:
    """Seed 2.(3)D: landing on another player's corner takes that corner's revenue from the
    bank; its owner pays nothing."""
    state = new_state()
    seat = state.active
    other = 1 - seat
    state.corner_revenue[state.corner_of[other]] = 1500
    state.founded[other] = 2
    state.position[seat] = (own_corner(state, other) - 3) % SIZE
    roll(state, 3)
    assert state.cash[seat] == 3500
    assert state.cash[other] == 2000
    assert state.corner_revenue[state.corner_of[other]] == 1500  # the notes stay


def test_landing_on_an_unclaimed_corner_takes_its_500() -> None:
    """Seed 1 (500 on unused corners too) and reference E3 [X]: an unclaimed corner pays
    its 500 like another player's corner."""
    state = new_state(players=2)
    seat = state.active
    assert state.corner_owner[3] == -1
    state.position[seat] = CORNER_SPACES[3] - 1
    roll(state, 1)
    assert state.cash[seat] == 2500
    state.check_invariants()


# ----- supply spaces (seed 2.(3)A) ----------------------------------------------------


def at_supply(players: int = 2, price: int = 500, seed: int = 0) -> EmpireState:
    """A state whose active seat has just landed on the oil supply with `price` on top."""
    state = new_state(players=players, seed=seed)
    state.position[state.active] = OIL_SUPPLY - 1
    put_on_top(state, price)
    return state


def test_supply_reveals_a_price_card_and_the_active_player_may_buy() -> None:
    """Seed 2.(3)A①: reveal a price card; buying pays its price to the bank, takes the
    space's material and puts the price card in the buyer's hand."""
    state = at_supply(price=700)
    seat = state.active
    roll(state, 1)
    assert material_of(OIL_SUPPLY) == "oil"
    assert state.phase == OFFER and state.current_player == seat
    assert state.view(None)["offer"] == {"material": "oil", "price": 700, "steps": 7, "to": seat}
    assert labels(state) == ["buy", "pass"]
    state.apply("buy")
    assert state.cash[seat] == 1300
    assert held(state, seat, "oil") == 1 and state.bank[MATERIAL["oil"]] == 2
    assert state.hand[seat * len(PARTS.price_kinds) + KIND[(700, 7)]] == 1
    assert len(state.price_pile) == 22
    assert state.active == 1 - seat and state.phase == MOVE
    state.check_invariants()


def test_declined_offer_goes_round_clockwise_to_the_first_buyer() -> None:
    """Seed 2.(3)A②: if the active player declines, the others are asked clockwise from
    the left; the first who accepts buys on the same terms."""
    state = at_supply(players=4)
    seat = state.active
    roll(state, 1)
    state.apply("pass")
    assert state.current_player == (seat + 1) % 4
    state.apply("pass")
    assert state.current_player == (seat + 2) % 4
    state.apply("buy")
    buyer = (seat + 2) % 4
    assert state.cash[buyer] == 1500 and held(state, buyer, "oil") == 1
    assert state.cash[seat] == 2000
    assert state.active == (seat + 1) % 4 and state.current_player == (seat + 1) % 4
    state.check_invariants()


def test_nobody_buys_and_the_card_goes_under_the_pile() -> None:
    """Seed 2.(3)A②: asked round once and nobody buys: the card goes under the pile."""
    state = at_supply(players=3, price=900)
    roll(state, 1)
    for _ in range(3):
        state.apply("pass")
    assert state.price_pile[-1] == KIND[(900, 9)] and len(state.price_pile) == 23
    assert state.bank[MATERIAL["oil"]] == 3
    state.check_invariants()


def test_no_buying_without_the_cash() -> None:
    """Seed 2.(3)A: a player without enough cash cannot buy; they are not asked."""
    state = at_supply(players=3, price=900)
    seat = state.active
    poor = (seat + 1) % 3
    state.cash[poor] = 800
    roll(state, 1)
    state.apply("pass")
    assert state.current_player == (seat + 2) % 3


def test_the_log_says_why_a_player_is_not_asked_to_buy() -> None:
    """Seed 2.(3)A and reference E4 [X]: a seat short of cash, or one whose only source
    is its own tokens, is passed by; the log went from one seat's 'does not buy' to the
    next one's, or to 'Nobody buys', with no word of the seat between."""
    state = at_supply(players=3, price=900)
    seat = state.active
    poor = (seat + 1) % 3
    state.cash[poor] = 800
    roll(state, 1)
    state.apply("pass")
    who = f"P{poor + 1} ({state.view(None)['players'][poor]['pawn']})"
    assert state.log(None)[-1] == f"{who} cannot buy: $800 is less than $900."
    assert state.log(None, "ja")[-1].endswith("は買えない：現金$800では$900に足りない。")
    assert state.log(None, "zh-TW")[-1].endswith("無法購買：現金$800付不起$900。")

    state = at_supply(players=2)
    seat = state.active
    give(state, seat, "oil", 3)
    roll(state, 1)
    who = f"P{seat + 1} ({state.view(None)['players'][seat]['pawn']})"
    assert state.log(None)[-1] == (f"{who} cannot buy: the bank has no Oil and no other "
                                   "player holds any.")


def test_bank_out_of_a_material_buyer_takes_it_from_a_player() -> None:
    """Seed 2.(3)A①: when the bank's tokens are gone the buyer takes one from any player
    who has it, who cannot refuse (reference E4: the price still goes to the bank)."""
    state = at_supply(players=3)
    seat = state.active
    left, right = (seat + 1) % 3, (seat + 2) % 3
    give(state, left, "oil", 2)
    give(state, right, "oil", 1)
    roll(state, 1)
    assert labels(state) == [*sorted([f"take-from:{left}", f"take-from:{right}"]), "pass"]
    state.apply(f"take-from:{right}")
    assert held(state, right, "oil") == 0 and held(state, seat, "oil") == 1
    assert state.cash[seat] == 1500 and state.cash[right] == 2000
    state.check_invariants()


def test_only_holder_of_a_sold_out_material_cannot_buy_it() -> None:
    """Reference E4 [X]: if only the buyer holds the material, they cannot buy and the
    offer passes on; the next player may take it from them."""
    state = at_supply(players=2)
    seat = state.active
    give(state, seat, "oil", 3)
    roll(state, 1)
    assert state.current_player == 1 - seat
    assert labels(state) == [f"take-from:{seat}", "pass"]


def test_empty_price_pile_draws_from_the_hand_the_active_player_chooses() -> None:
    """Seed 2.(3)A and reference E12 [X]: an empty price pile is refilled by drawing a
    random price card from the hand of a player (the active player chooses whom)."""
    state = at_supply(players=3)
    seat = state.active
    other = (seat + 1) % 3
    for _ in range(22):
        deal_price_card(state, other, PARTS.price_kinds[state.price_pile[-1]].price)
    deal_price_card(state, seat, PARTS.price_kinds[state.price_pile[-1]].price)
    assert not state.price_pile
    roll(state, 1, 0)
    assert state.phase == REFILL and state.current_player == seat
    assert labels(state) == sorted([f"draw-from:{seat}", f"draw-from:{other}"])
    state.apply(f"draw-from:{other}")
    assert hand_size(state, other) == 21 and state.phase == OFFER
    state.check_invariants()


def test_empty_price_pile_with_one_holder_draws_from_that_hand() -> None:
    """Seed 2.(3)A: with one possible hand there is nothing to choose."""
    state = at_supply(players=2)
    seat = state.active
    for _ in range(23):
        deal_price_card(state, 1 - seat, PARTS.price_kinds[state.price_pile[-1]].price)
    roll(state, 1, 22)  # the last card of that hand (the $900 kind comes last)
    assert state.offered == KIND[(900, 9)]
    assert state.phase == OFFER and hand_size(state, 1 - seat) == 22


# ----- material demand (seed 2.(3)B; reference E5) ------------------------------------


def at_demand(material: str, **options: Any) -> EmpireState:
    """The active seat one step before a demand space whose card demands `material`."""
    state = new_state(**options)
    demand = first_space("material_demand")
    state.position[state.active] = demand - 1
    state.demand_pile.remove(MATERIAL[material])
    state.demand_pile.insert(0, MATERIAL[material])
    return state


def test_demand_sells_all_copies_for_one_sum() -> None:
    """Seed 2.(3)B: holding the demanded material, return all of it and take $1,200
    (once, however many tokens). Reference E5 [X]: the card goes under, the next shows."""
    state = at_demand("steel")
    seat = state.active
    give(state, seat, "steel", 3)
    second = state.demand_pile[1]
    roll(state, 1)
    assert held(state, seat, "steel") == 0 and state.bank[MATERIAL["steel"]] == 3
    assert state.cash[seat] == 3200
    assert state.demand_pile[0] == second and state.demand_pile[-1] == MATERIAL["steel"]
    state.check_invariants()


def test_literal_reading_keeps_the_demand_card_of_the_set_up() -> None:
    """Seed §1 turns up the top demand card (「將原料需求卡牌堆最上方的1張卡牌翻開」) and
    §2(3)B only ever reads 「原料需求卡牌堆最上方1張卡牌」: nothing moves the card. Option
    `demand_stays` (issue 13) is that literal reading: after a sale the same card stays."""
    state = at_demand("steel", demand_stays=True)
    seat = state.active
    give(state, seat, "steel", 2)
    pile = list(state.demand_pile)
    roll(state, 1)
    assert state.cash[seat] == 3200 and held(state, seat, "steel") == 0
    assert state.demand_pile == pile
    assert state.view(None)["demand"]["material"] == "steel"
    state.check_invariants()


def test_demand_without_the_material_does_nothing() -> None:
    """Seed 2.(3)B: without the demanded material nothing happens; the card stays."""
    state = at_demand("steel")
    seat = state.active
    give(state, seat, "oil")
    roll(state, 1)
    assert state.cash[seat] == 2000 and held(state, seat, "oil") == 1
    assert state.demand_pile[0] == MATERIAL["steel"]


# ----- market research (seed 2.(3)C; reference E7) ------------------------------------


def at_research_before_own_corner() -> tuple[EmpireState, int, int]:
    """Active seat on the research space whose 6-space jump crosses its own corner."""
    state = new_state()
    seat = state.active
    research = (own_corner(state, seat) - 4) % SIZE
    assert PARTS.board[research].kind == "market_research"
    state.position[seat] = research - 1
    roll(state, 1)
    return state, seat, research


def test_research_jump_passes_own_corner_without_revenue_and_meets_the_demand() -> None:
    """Seed 2.(3)C①: jump 6 spaces at once, no revenue for corners passed, then the
    material-demand action."""
    state, seat, research = at_research_before_own_corner()
    assert labels(state) == ["jump", "stay"]
    landing = (research + 6) % SIZE
    assert PARTS.board[landing].kind == "material_demand"
    give(state, seat, PARTS.materials[state.demand_pile[0]].id, 2)
    state.apply("jump")
    assert state.position[seat] == landing
    assert state.cash[seat] == 2000 + 1200  # the sale, but no corner revenue
    assert state.active != seat
    state.check_invariants()


def test_research_may_do_nothing() -> None:
    """Seed 2.(3)C②: or do nothing."""
    state, seat, research = at_research_before_own_corner()
    state.apply("stay")
    assert state.position[seat] == research and state.cash[seat] == 2000
    assert state.active != seat


# ----- founding a company (seed 2.(4); reference E8, E9) ------------------------------


def give_company_materials(state: EmpireState, seat: int, card: int) -> list[str]:
    needs = [PARTS.materials[m].id for m in PARTS.companies[card].materials]
    for material in needs:
        give(state, seat, material)
    return needs


def end_quiet_turn(state: EmpireState) -> None:
    """The active seat lands on market research and stays (no money, no material)."""
    state.position[state.active] = first_space("market_research") - 1
    roll(state, 1)
    state.apply("stay")


def test_founding_returns_materials_raises_revenue_and_reveals_the_next_card() -> None:
    """Seed 2.(4): holding the 3 materials of the revealed company card returns one of
    each, removes the card, adds $500 to your corner's revenue, reveals the next card."""
    state = new_state()
    seat = state.active
    card = state.company_up[seat]
    following = state.company_pile[seat][0]
    needs = give_company_materials(state, seat, card)
    end_quiet_turn(state)
    assert state.founded[seat] == 1
    assert all(held(state, seat, m) == 0 for m in needs)
    assert all(state.bank[MATERIAL[m]] == 3 for m in needs)
    assert state.corner_revenue[state.corner_of[seat]] == 1000
    assert state.company_up[seat] == following and card not in state.company_pile[seat]
    assert state.cash[seat] == 2000
    state.check_invariants()


def test_only_the_active_player_founds_and_only_one_company_a_turn() -> None:
    """Seed 2.(4) is a phase of the active player's turn; reference E8: one company a
    turn (only the revealed card is checked)."""
    state = new_state(players=2)
    seat = state.active
    other = 1 - seat
    give_company_materials(state, other, state.company_up[other])
    first = state.company_up[seat]
    give_company_materials(state, seat, first)
    give_company_materials(state, seat, state.company_pile[seat][0])
    end_quiet_turn(state)
    assert state.founded == [1 if s == seat else 0 for s in range(2)]
    end_quiet_turn(state)
    assert state.founded[other] == 1


# ----- the end (seed 3; reference E10) ------------------------------------------------


def test_fourth_company_wins_at_once() -> None:
    """Seed 3(1): the first player to found 4 companies wins."""
    state = new_state(players=3)
    seat = state.active
    pile = state.company_pile[seat]
    state.founded[seat] = 3
    state.company_up[seat] = pile.pop(0)
    del pile[:2]
    give_company_materials(state, seat, state.company_up[seat])
    end_quiet_turn(state)
    assert state.is_over and state.winner == seat and state.current_player is None
    assert state.legal_actions() == []
    assert state.ranking()[0] == seat
    assert state.scores()[seat]["won"] == 1
    with pytest.raises(IllegalAction):
        state.apply("roll")


def test_ten_thousand_cash_wins_at_once_even_mid_turn() -> None:
    """Seed 3(2) and reference E10 [X]: holding $10,000 wins at once, checked after every
    change of cash: here the revenue for passing the own corner, before the space."""
    state = new_state(players=2)
    seat = state.active
    state.cash[seat] = 9500
    state.position[seat] = (own_corner(state, seat) - 1) % SIZE
    roll(state, 2)  # passes the corner onto a supply space
    assert state.is_over and state.winner == seat
    assert state.offered == -1 and len(state.price_pile) == 23  # no offer was made
    assert state.ranking()[0] == seat
    assert state.scores()[seat]["total"] > state.scores()[1 - seat]["total"]


def test_safety_limit_ends_the_game_with_the_richest_first() -> None:
    """Reference E14 [X]: the software turn cap ends the game; the richest seat wins."""
    state = new_state(players=3, max_turns=5)
    rng = Rng(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    assert state.capped and state.turn == 5
    richest = max(state.cash)
    assert state.cash[state.winner] == richest
    assert state.ranking()[0] == state.winner


def test_scores_rank_winner_then_companies_then_cash() -> None:
    """rules-notes: total = 1,000,000 × won + 100,000 × companies + cash."""
    state = new_state(players=3)
    state.founded[:] = [2, 1, 0]
    state.cash[:] = [100, 9000, 9999]
    state.winner = 2
    assert [s["total"] for s in state.scores()] == [200_100, 109_000, 1_009_999]
    assert state.ranking() == [2, 0, 1]


# ----- hidden information --------------------------------------------------------------


def test_views_show_own_price_cards_and_only_counts_of_others() -> None:
    """Issue 5: your price-card hand and the pile orders are hidden from the others."""
    state = new_state(players=3)
    deal_price_card(state, 0, 800)
    deal_price_card(state, 1, 300)
    mine = state.view(0)
    assert mine["players"][0]["hand"] == [{"price": 800, "steps": 8, "count": 1}]
    assert "hand" not in mine["players"][1] and mine["players"][1]["price_cards"] == 1
    assert "hand" not in str(state.view(None))
    assert mine["price_pile"] == 21
    assert mine["players"][0]["company_pile"] == 4
    twin = state.clone()
    k = len(PARTS.price_kinds)
    twin.hand[k + KIND[(300, 3)]] = 0
    twin.price_pile.remove(KIND[(900, 9)])
    twin.price_pile.append(KIND[(300, 3)])
    twin.hand[k + KIND[(900, 9)]] = 1
    twin.price_pile.reverse()
    twin.company_pile[1].reverse()
    twin.demand_pile[1:] = reversed(twin.demand_pile[1:])
    twin.check_invariants()
    assert twin.view(0) == mine and twin.view(None) == state.view(None)
    assert twin.view(1) != state.view(1)


def test_determinize_resamples_others_hands_and_keeps_the_view() -> None:
    """Issue 5: determinize resamples what the seat cannot see, keeping its view."""
    state = new_state(players=3)
    for price in (200, 300, 900):
        deal_price_card(state, 1, price)
    deal_price_card(state, 0, 500)
    hands: Counter[tuple[int, ...]] = Counter()
    for seed in range(30):
        sample = state.determinize(0, Rng(seed))
        assert sample.view(0) == state.view(0)
        sample.check_invariants()
        k = len(PARTS.price_kinds)
        hands[tuple(sample.hand[k:2 * k])] += 1
    assert len(hands) > 1


# ----- robustness ----------------------------------------------------------------------


def test_invariants_catch_a_conjured_token_and_lost_money() -> None:
    """Issue 5 Done: 3 tokens of each material in play, money only by named amounts."""
    state = new_state()
    state.held[0] += 1
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = new_state()
    state.cash[1] += 10
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = new_state()
    state.price_pile.pop()
    with pytest.raises(AssertionError):
        state.check_invariants()


@pytest.mark.parametrize("bad", [0, -3, True])
def test_max_turns_option_must_be_a_positive_integer(bad: int) -> None:
    with pytest.raises(ValueError):
        new_state(max_turns=bad)


def test_a_price_card_put_under_the_pile_comes_up_after_the_undecided_cards() -> None:
    """Supply (seed §2(3)A; docs/rules-notes.md): nobody buys -> the offered card goes under
    the price pile. With draw-time chance (OpenSpiel's chance nodes) the cards above it are
    drawn from the undecided ones, and the cards put under come up in the order they went
    under, as everyone saw them go."""
    with drawing_from(Rng(6), lazy_draws=True):
        state = keizai.new_game("enterprise-empire", 2, seed=6,
                                options={"choose_corners": False})
    assert isinstance(state, EmpireState)
    # nobody can buy: every offered card goes under the pile (the ledger spent the cash)
    state.spent = state.cash.copy()
    state.cash = [0, 0]
    undecided = state.price_undecided
    under = []
    assert undecided == len(state.price_pile) > 2
    for step in range(undecided):
        state._supply(0)
        under.append(state.price_pile[-1])
        assert state.offered == -1 and state.price_undecided == undecided - step - 1
        state.check_invariants()
    assert state.price_pile == under  # every card has been drawn once, in this order
    state._supply(0)  # no chance left: the first card put under comes up first
    assert state.price_pile == under[1:] + under[:1]
