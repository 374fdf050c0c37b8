"""The class hub's logins of a student's own (``deploy/jupyterhub/logins.py``), each on a real hub of this machine,
each person in a browser of their own (Chromium):

- ``native``: Ada and Ben sign up on the hub's sign-up page; Ada's login is refused until the teacher approves her
  at ``/hub/authorize``, then she logs in (to the hub's home: a user's server started after a login, its first page,
  is ``tests/hub/test_hub.py``'s and the ``lti`` learner's here); Ben, whose sign-up the teacher discards, cannot log
  in; nor can a guess at the teacher's password, nor a login form whose XSRF token is not the hub's. No password
  reaches the hub's log.
- ``lti``: the test is the learning platform (``lti_platform``: its own keys and JWKS on 127.0.0.1). A teacher's
  launch and a student's launch from the course log them in under their e-mail address, the teacher as the hub's
  admin and the student not; the student lands on her first page. A launch signed by another key, an expired one,
  and a launch posted again with its cookies (a replay) are refused with an error status, and no one is logged in
  or made a user by them. No id_token reaches the hub's log. Initiated over HTTPS (as a proxy in front says), a
  launch's state cookies are ``SameSite=None; Secure``, so that the platform's cross-site post brings them back.

The two hubs share Chromium with ``tests/hub/test_hub.py`` (one browser for the hub tests, a context of their own for
each person), and are given a class store's address where nothing answers: no page opened here reads the store.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import urllib.error
import urllib.parse
import urllib.request

import pytest

pytestmark = pytest.mark.hub

from hub_server import TEACHER_PASSWORD, class_hub, log_in, missing  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

from lti_platform import INSTRUCTOR, LEARNER, Person, Platform, new_key  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from support.browser import POLL, ROOT, TIMEOUT, VIEWPORT  # noqa: E402

SCREENSHOTS = ROOT / "tests" / "screenshots"
FIRST_PAGE = "/voila/render/index.ipynb"
LOGIN_COOKIE = "jupyterhub-hub-login"


# The hubs need a class store's address to start (the hub hands it to its users' servers); no page these tests open
# reads the store (the landing page is Markdown alone), so nothing answers at this one. A class store on the hub is
# tests/hub/test_hub.py's.
NO_STORE = "postgresql://boardgames@127.0.0.1:9/boardgames"


@pytest.fixture(scope="module")
def class_store():
    return NO_STORE


def browser_of_their_own(chromium):
    """A new browser context: one person's cookies, shared with no one."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT)
    context.set_default_navigation_timeout(TIMEOUT)
    return context


@pytest.fixture
def browsers(chromium):
    """A new browser of their own for each person a test names."""
    opened = []

    def browser_of():
        opened.append(browser_of_their_own(chromium))
        return opened[-1]

    yield browser_of
    for context in opened:
        context.close()


@contextlib.contextmanager
def hub_of(class_store: str, kind: str, **env: str):
    """A class hub whose login is ``kind``: (its address, its log's path)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"hub-{kind}.log"
    with open(path, "w") as log:
        try:
            with class_hub(class_store, log, **env) as url:
                yield url, path
        except RuntimeError as exc:
            pytest.fail(f"{exc}; see {path.relative_to(ROOT)}")


def logged_in(context) -> bool:
    return any(cookie["name"] == LOGIN_COOKIE for cookie in context.cookies())


# NativeAuthenticator: sign-ups a teacher approves

@pytest.fixture(scope="class")
def native_hub(class_store):
    with hub_of(class_store, "native", BOARDGAMES_HUB_LOGIN="native") as running:
        yield running


def sign_up(context, hub: str, name: str, password: str) -> None:
    page = context.new_page()
    page.goto(f"{hub}/hub/signup")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#password_confirmation_input").fill(password)
    page.locator("#signup_submit").click()
    expect(page.locator(".alert")).to_contain_text("Your information has been sent to the admin.")
    page.close()


def refused_login(context, hub: str, name: str, password: str) -> str:
    """The login page's error for ``name``'s attempt, which must leave them logged out."""
    page = context.new_page()
    page.goto(f"{hub}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#login_submit").click()
    error = page.locator(".login_error").inner_text().strip()
    assert page.url.startswith(f"{hub}/hub/login") and not logged_in(context), page.url
    page.close()
    return error


class TestNativeSignUps:
    ADA, BEN = "ada-plays-Medici-7", "ben-bids-high-at-9"  # their passwords

    def test_a_sign_up_the_teacher_approves_logs_in_and_one_refused_does_not(self, native_hub, browsers):
        hub, log = native_hub
        ada, ben, teacher = browsers(), browsers(), browsers()
        sign_up(ada, hub, "ada", self.ADA)
        sign_up(ben, hub, "ben", self.BEN)
        assert refused_login(ada, hub, "ada", self.ADA) == "User ada has not been authorized by an administrator yet."

        desk = log_in(teacher, hub, "teacher", "/hub/authorize", password=TEACHER_PASSWORD)
        expect(desk.locator("tr#ada")).to_contain_text("No")
        desk.locator("tr#ada").get_by_role("button", name="Authorize", exact=True).click()
        expect(desk.locator("tr#ada")).to_contain_text("Yes")
        desk.locator("tr#ben").get_by_role("button", name="Discard", exact=True).click()
        expect(desk.locator("tr#ben")).to_have_count(0)
        expect(desk.locator("tr#teacher")).to_contain_text("Yes")  # made at the hub's start, approved

        log_in(ada, hub, "ada", "/hub/home", password=self.ADA).close()  # in: the hub's home, no server started
        assert logged_in(ada)
        assert refused_login(ben, hub, "ben", self.BEN) == "Invalid username or password."
        assert refused_login(browsers(), hub, "teacher", "a guess at the teachers' password") == \
            "Invalid username or password."
        # a login form whose XSRF token is not the hub's comes back with why, not as a server error
        page = browsers().new_page()
        page.goto(f"{hub}/hub/login")
        page.locator("input[name=_xsrf]").evaluate("input => { input.value = 'not the hub\\'s'; }")
        page.locator("#username_input").fill("ada")
        page.locator("#password_input").fill(self.ADA)
        page.locator("#login_submit").click()
        expect(page.locator(".login_error")).to_contain_text("Login form invalid or expired. Try again.")
        text = log.read_text()
        assert not [secret for secret in (self.ADA, self.BEN, TEACHER_PASSWORD) if secret in text]


# LTI 1.3: launches from a learning platform

@pytest.fixture(scope="class")
def platform():
    with Platform().serving() as running:
        yield running


@pytest.fixture(scope="class")
def lti_hub(class_store, platform):
    with hub_of(class_store, "lti", **platform.hub_env()) as running:
        yield running


@pytest.fixture(scope="class")
def teacher(lti_hub, platform, chromium):
    """Grace, the course's instructor, launched into the hub; and a token of the hub's API in her name."""
    hub, _ = lti_hub
    context = browser_of_their_own(chromium)
    grace = Person("Grace", "Hopper", "grace@school.example", [INSTRUCTOR])
    page = context.new_page()
    page.goto(platform.launch_url(hub, grace, "/hub/home"))
    page.wait_for_url(f"{hub}/hub/home")
    xsrf = next(cookie["value"] for cookie in context.cookies() if cookie["name"] == "_xsrf")
    answer = context.request.post(f"{hub}/hub/api/users/{grace.email}/tokens", headers={"X-XSRFToken": xsrf},
                                  data={"note": "the LTI test", "expires_in": 3600})
    assert answer.ok, (answer.status, answer.text())
    yield grace, answer.json()["token"]
    context.close()


def hub_user(hub: str, token: str, name: str) -> dict | None:
    """The hub's record of user ``name`` by its REST API, None if there is no such user."""
    request = urllib.request.Request(f"{hub}/hub/api/users/{urllib.parse.quote(name)}",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def refused_launch(context, hub: str, url: str) -> int:
    """The status of the hub's answer to a launch's post; the browser is not logged in after it."""
    page = context.new_page()
    with page.expect_response(lambda answer: "/hub/lti13/oauth_callback" in answer.url) as answer:
        page.goto(url)
    status = answer.value.status
    assert not logged_in(context)
    page.close()
    return status


def launch_cookies(hub: str, url: str, forwarded_proto: str) -> list[str]:
    """The cookies the hub sets when a launch is initiated at ``url`` over a proxy that says ``forwarded_proto``."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(hub).netloc, timeout=30)
    connection.request("GET", f"{address.path}?{address.query}", headers={"X-Forwarded-Proto": forwarded_proto})
    answer = connection.getresponse()
    assert answer.status == 302, answer.status
    connection.close()
    return [cookie for cookie in answer.headers.get_all("Set-Cookie") if cookie.startswith("lti13authenticator-")]


class TestLTILaunches:
    def test_an_instructors_launch_makes_a_hub_admin(self, lti_hub, teacher):
        hub, _ = lti_hub
        grace, token = teacher
        assert hub_user(hub, token, grace.email)["admin"] is True

    def test_a_learners_launch_lands_on_her_first_page_and_is_no_admin(self, lti_hub, platform, teacher, browsers):
        hub, log = lti_hub
        ada = Person("Ada", "Lovelace", "ada@school.example", [LEARNER])
        page = browsers().new_page()
        page.goto(platform.launch_url(hub, ada, f"/hub/user-redirect{FIRST_PAGE}"))
        page.wait_for_url(f"{hub}/user/{ada.email}{FIRST_PAGE}*", timeout=180_000)
        expect(page.locator("h1").first).to_contain_text("Board games in Jupyter")
        page.wait_for_function("() => !document.body.innerText.includes('Executing')", timeout=TIMEOUT, polling=POLL)
        page.screenshot(path=str(SCREENSHOTS / "hub-lti-student-first-page.png"))
        user = hub_user(hub, teacher[1], ada.email)
        assert (user["name"], user["admin"]) == ("ada@school.example", False)

    @pytest.mark.parametrize("forgery", ["signed by another key", "expired"])
    def test_a_forged_or_expired_launch_is_refused(self, lti_hub, platform, teacher, browsers, forgery):
        hub, _ = lti_hub
        mallory = Person("Mallory", "Forger", f"mallory-{forgery.split()[0]}@school.example", [INSTRUCTOR])
        if forgery == "expired":
            mallory.lifetime = -60
        else:
            mallory.key = new_key()
        assert refused_launch(browsers(), hub, platform.launch_url(hub, mallory, "/hub/home")) == 400
        assert hub_user(hub, teacher[1], mallory.email) is None

    def test_a_launch_posted_again_is_refused(self, lti_hub, platform, teacher, browsers):
        hub, log = lti_hub
        cy = Person("Cy", "Replay", "cy@school.example", [LEARNER])
        first = browsers()
        page = first.new_page()
        with page.expect_request(lambda sent: "/hub/lti13/oauth_callback" in sent.url) as launch:
            page.goto(platform.launch_url(hub, cy, "/hub/home"))
        page.wait_for_url(f"{hub}/hub/home")
        assert logged_in(first)
        # the same post again, with the cookies the browser sent with it: as a copied request would be
        sent = launch.value
        cookies = sent.all_headers()["cookie"]
        assert "lti13authenticator-state" in cookies
        replay = urllib.request.Request(sent.url, data=sent.post_data_buffer, method="POST", headers={
            "Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(replay, timeout=30)
        assert refused.value.code == 400
        assert not [cookie for cookie in refused.value.headers.get_all("Set-Cookie") or []
                    if cookie.startswith(LOGIN_COOKIE)]
        # and by the same browser, whose state cookies the first post used up
        page.goto(f"{hub}/hub/home")
        status = page.evaluate("""([url, body]) => fetch(url, {method: 'POST', body: new URLSearchParams(body),
                                                               redirect: 'manual'}).then(r => r.status)""",
                                [sent.url, sent.post_data])
        assert status == 400
        text = log.read_text()
        assert not [token for token in platform.tokens if token in text]

    def test_the_launch_cookies_come_back_with_the_platforms_post_over_https(self, lti_hub, platform):
        hub, _ = lti_hub
        dee = Person("Dee", "Cookie", "dee@school.example", [LEARNER])
        over_https = launch_cookies(hub, platform.launch_url(hub, dee, "/hub/home"), "https")
        assert len(over_https) == 2 and all("SameSite=None" in c and "Secure" in c for c in over_https), over_https
        over_http = launch_cookies(hub, platform.launch_url(hub, dee, "/hub/home"), "http")
        assert len(over_http) == 2 and not [c for c in over_http if "SameSite=None" in c or "Secure" in c], over_http
