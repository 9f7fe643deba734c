"""A person never plays for both teams (the platform's rule for a seat plan with teams): in POWERUP,
whose plan lets one person hold several seats ("1 can manage 2 characters"), a second seat must be on
the same team — when joining, when a player's seats are handed to someone, and a lobby seated
otherwise does not start. KAPLOOM! 2 vs 2 keeps one seat per person, as before."""

from __future__ import annotations

from platform_kit import ginv, person, virtual_service
from service_kit import USERS, only_error, snapshot_of

from bot.service import TargetKind
from rules.kaploom import ENGINE as KAPLOOM
from rules.powerup import ENGINE as POWERUP


async def powerup_service():
    service, _, _ = await virtual_service(engines={"powerup": POWERUP})
    await service.handle(ginv("alice", "game new", game="powerup", clock="off", remind="off"))
    return service


def holders(service) -> dict[str, str]:
    session = service.session("chan-1")
    return {session.labels[seat]: h.name for seat, h in sorted(session.seats.items())}


async def test_a_second_seat_on_the_other_team_is_refused_and_changes_nothing():
    service = await powerup_service()
    outs = await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    assert outs[0].text.startswith("alice joins as RED-RAY")
    before = await snapshot_of(service)
    refused = only_error(await service.handle(ginv("alice", "game join", seat="BLU-TOR")), "alice")
    assert refused == "You play RED-RAY for RED; a second seat must be on the same team."
    assert await snapshot_of(service) == before
    assert holders(service) == {"RED-RAY": "alice"}
    outs = await service.handle(ginv("alice", "game join", seat="RED-TOR"))
    assert outs[0].text.startswith("alice joins as RED-TOR (2/6).")
    assert holders(service) == {"RED-RAY": "alice", "RED-TOR": "alice"}
    refused = only_error(await service.handle(ginv("alice", "game join", seat="blu-ana")), "alice")
    assert refused == "You play RED-RAY, RED-TOR for RED; a second seat must be on the same team."
    await service.close()


async def test_a_join_without_a_seat_named_takes_a_free_seat_of_the_person_s_team():
    service = await powerup_service()
    await service.handle(ginv("alice", "game join", seat="BLU-TOR"))
    outs = await service.handle(ginv("alice", "game join"))  # RED-RAY is the first free seat
    assert outs[0].text.startswith("alice joins as BLU-RAY")
    outs = await service.handle(ginv("bob", "game join"))  # the first free seat whose character is free
    assert outs[0].text.startswith("bob joins as RED-ANA")  # RED-RAY and RED-TOR: RAY and TOR play for BLU
    assert holders(service) == {"RED-ANA": "bob", "BLU-RAY": "alice", "BLU-TOR": "alice"}
    await service.close()


async def test_a_join_without_a_seat_skips_the_other_team_and_the_characters_taken():
    """With RED-RAY alice's and BLU-TOR..BLU-MAI bob's, alice's next seat is RED's first character nobody
    plays (RED-MAC), never a BLU seat; at six seats taken the table is full."""
    service = await powerup_service()
    await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    for label in ("BLU-TOR", "BLU-ANA", "BLU-PNK", "BLU-MAI"):
        await service.handle(ginv("bob", "game join", seat=label))
    outs = await service.handle(ginv("alice", "game join"))
    assert outs[0].text.startswith("alice joins as RED-MAC (6/6). The table is full"), outs[0].text
    assert only_error(await service.handle(ginv("carol", "game join")), "carol") == "The table is full."
    await service.close()


async def four_seat_game():
    """alice RED-RAY, bob BLU-ANA, carol RED-TOR, dave BLU-PNK, started (alice created it)."""
    service = await powerup_service()
    for user, label in (("alice", "RED-RAY"), ("bob", "BLU-ANA"), ("carol", "RED-TOR"), ("dave", "BLU-PNK")):
        outs = await service.handle(ginv(user, "game join", seat=label))
        assert outs[0].text.startswith(f"{user} joins as {label}"), outs[0].text
    outs = await service.handle(ginv("alice", "game start"))
    assert outs[0].target.kind is TargetKind.CHANNEL and "POWERUP begins" in outs[0].text, outs[0].text
    return service


async def test_replacing_a_player_by_someone_of_the_other_team_is_refused():
    service = await four_seat_game()
    session = service.session("chan-1")
    assert session.labels == ("RED-RAY", "RED-TOR", "BLU-ANA", "BLU-PNK")  # the started game's seats
    before = await snapshot_of(service)
    refused = only_error(await service.handle(ginv("alice", "game replace", old=person("bob"), new=person("carol"))),
                         "alice")
    assert refused == "carol plays RED-TOR for RED; one person's seats must all be on one team."
    assert await snapshot_of(service) == before
    assert holders(service) == {"RED-RAY": "alice", "RED-TOR": "carol", "BLU-ANA": "bob", "BLU-PNK": "dave"}
    # a teammate may take over the seat: one person, two characters of one team
    outs = await service.handle(ginv("alice", "game replace", old=person("carol"), new=person("alice")))
    assert outs[0].text == "alice handed RED-TOR from carol to alice."
    assert holders(service) == {"RED-RAY": "alice", "RED-TOR": "alice", "BLU-ANA": "bob", "BLU-PNK": "dave"}
    # someone new at the table may take either team's seat
    outs = await service.handle(ginv("alice", "game replace", old=person("dave"), new=person("erin")))
    assert outs[0].text == "alice handed BLU-PNK from dave to erin."
    # and the holder of two RED seats cannot be given a BLU one
    refused = only_error(await service.handle(ginv("alice", "game replace", old=person("bob"), new=person("alice"))),
                         "alice")
    assert refused == "alice plays RED-RAY, RED-TOR for RED; one person's seats must all be on one team."
    assert session.seats_of(USERS["bob"]) == [2]
    await service.close()


async def test_a_lobby_seated_on_both_teams_before_the_rule_does_not_start():
    service = await powerup_service()
    session = service.session("chan-1")
    await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    await service.handle(ginv("bob", "game join", seat="RED-TOR"))
    # as an older release let it happen: alice also holds a BLU seat
    seat = session.labels.index("BLU-ANA")
    await service.store.take_seat(session.game_id, seat, USERS["alice"], "alice")
    session.seats[seat] = session.seats[0]
    await service.handle(ginv("carol", "game join", seat="BLU-PNK"))
    refused = only_error(await service.handle(ginv("alice", "game start")), "alice")
    assert refused.startswith("alice holds seats of two teams (RED-RAY, BLU-ANA)")
    assert service.session("chan-1").state is None
    await service.handle(ginv("alice", "game leave"))  # both seats
    await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    await service.handle(ginv("dave", "game join", seat="BLU-ANA"))
    outs = await service.handle(ginv("alice", "game start"))
    assert "POWERUP begins" in outs[0].text, outs[0].text
    await service.close()


async def test_kaploom_two_against_two_still_keeps_one_seat_a_person():
    service, _, _ = await virtual_service(engines={"kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom", options="variant=2v2"))
    await service.handle(ginv("alice", "game join", seat="villain 1"))
    for seat in ("villain 2", "hero 1"):
        assert "already sit" in only_error(await service.handle(ginv("alice", "game join", seat=seat)), "alice")
    await service.close()


async def test_one_character_plays_once_whatever_its_colour():
    """The issue: "each character once": RED-RAY and BLU-RAY are one BUGBUSTER (SeatPlan.alike). The second
    is refused at the join, is not offered as an open seat, and a join without a seat skips it."""
    service = await powerup_service()
    await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    before = await snapshot_of(service)
    refused = only_error(await service.handle(ginv("bob", "game join", seat="BLU-RAY")), "bob")
    assert refused == "BLU-RAY and RED-RAY are one role, and RED-RAY is taken; choose another."
    assert await snapshot_of(service) == before
    session = service.session("chan-1")
    assert "BLU-RAY" not in [session.labels[s] for s in session.free_seats()]
    outs = await service.handle(ginv("bob", "game join", seat="BLU-TOR"))
    assert "BLU-RAY" not in outs[0].text.split("Open seats:")[1]
    await service.close()


async def test_a_named_seat_past_the_tables_maximum_is_refused():
    """POWERUP lists 16 seats for 6 players (rb 1862): with 6 taken, a seventh is refused, named or not."""
    service = await powerup_service()
    for user, label in (("alice", "RED-RAY"), ("alice", "RED-TOR"), ("alice", "RED-ANA"),
                        ("bob", "BLU-PNK"), ("bob", "BLU-MAI"), ("bob", "BLU-MAC")):
        await service.handle(ginv(user, "game join", seat=label))
    before = await snapshot_of(service)
    assert only_error(await service.handle(ginv("carol", "game join", seat="BLU-PAM")), "carol") == "The table is full."
    assert await snapshot_of(service) == before
    await service.close()
