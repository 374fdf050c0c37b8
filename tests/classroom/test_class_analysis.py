"""Lesson 5 reads a class auction's CSV back: the rounds it finds are the rounds the auction settled, and a file
that is not such a CSV is refused with the line at fault."""

from __future__ import annotations

import pytest

from classroom.analysis import cursed_share, read_rounds
from classroom.auction import ClassAuction
from classroom.store import open_store


def test_the_rounds_read_from_the_csv_are_the_rounds_the_auction_settled(tmp_path):
    auction = ClassAuction(open_store(f"sqlite:///{tmp_path / 'class.db'}"))
    room = auction.create_room()
    ada, ben, cleo = (auction.join(room.code, n) for n in ("Ada", "Ben", "Cleo"))
    for seed, amounts in ((1, (12, "9.5", 11)), (2, (6, 7, "6.25"))):
        auction.start_round(room.teacher_key, low=8, high=12, noise=2, seed=seed)
        auction.bid(ada.token, 30)  # replaced below: the last bid counts
        for seat, amount in zip((ada, ben, cleo), amounts):
            auction.bid(seat.token, amount)
        auction.close_round(room.teacher_key)
        auction.reveal(room.teacher_key)
    rounds = read_rounds(auction.bids_csv(room.teacher_key))
    settled = auction.teacher_view(room.teacher_key).rounds
    assert [(r.winner, round(r.price * 100), round(r.value * 100)) for r in rounds] == [
        (s.winner, s.price, s.value) for s in settled]
    assert rounds[0].bids == {"Ada": 12.0, "Ben": 9.5, "Cleo": 11.0}
    assert rounds[0].profit == round((settled[0].value - 1200) / 100, 2)
    assert 0 < rounds[0].noise <= 2
    assert cursed_share(rounds)[1] == 2
    auction.store.close()


@pytest.mark.parametrize(("text", "reason"), [
    ("name,score\nAda,3\n", "not a class auction's CSV"),
    ("round,item,format,nickname,estimate,bid,kind,time,winner,price,true value\n"
     "1,coin-jar,first-price,Ada,10,ten,bid,0,yes,10,9\n", "line 2 of the CSV is not a bid"),
])
def test_a_file_that_is_not_a_class_auctions_csv_is_refused(text, reason):
    with pytest.raises(ValueError, match=reason):
        read_rounds(text)
