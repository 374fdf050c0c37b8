"""No page's secret in a log: the values of the parameters that open a page as its holder are scrubbed from the
addresses a server logs (``deploy/secret_params.py``)."""

from __future__ import annotations

from types import SimpleNamespace

from deploy.secret_params import scrubbed, scrubbing


def test_a_personal_link_a_key_and_a_seat_token_are_scrubbed_and_nothing_else():
    assert (scrubbed("/voila/render/tables/table.ipynb?table=ABCDE&member=s3cret&key=k3y&token=t0k&hints=off")
            == "/voila/render/tables/table.ipynb?table=ABCDE&member=[secret]&key=[secret]&token=[secret]&hints=off")
    assert scrubbed("/voila/render/medici/play.ipynb") == "/voila/render/medici/play.ipynb"
    assert scrubbed("/hub/spawn/ben?next=%2Fuser%2Fben%2Fclass.ipynb%3Fmember%3Ds3cret%26hints%3Doff") == (
        "/hub/spawn/ben?next=%2Fuser%2Fben%2Fclass.ipynb%3Fmember%3D[secret]%26hints%3Doff")  # a redirect's next
    assert scrubbed("/tables/table.ipynb?monkey=1&tokens=2") == "/tables/table.ipynb?monkey=1&tokens=2"


def test_the_log_function_writes_the_scrubbed_address_and_referer():
    written = []
    request = SimpleNamespace(uri="/hub/user-redirect/x.ipynb?member=s3cret",
                              headers={"Referer": "http://hub/user/ada/voila/render/class/teacher.ipynb?key=k3y"})
    handler = SimpleNamespace(request=request, _headers={"Location": "/hub/spawn/ben?next=%2Fx%3Fmember%3Ds3cret"})
    scrubbing(lambda h: written.append((h.request.uri, h.request.headers["Referer"], h._headers["Location"])))(handler)
    assert written == [("/hub/user-redirect/x.ipynb?member=[secret]",
                        "http://hub/user/ada/voila/render/class/teacher.ipynb?key=[secret]",
                        "/hub/spawn/ben?next=%2Fx%3Fmember%3D[secret]")]
