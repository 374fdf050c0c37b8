"""What a curious visitor of a page can send its kernel: from the page itself (its cookies, its origin), a websocket of
their own to the page's kernel, a ``kernel_info_request`` (which widgets need, so it is answered) and an
``execute_request`` (code, which a page's kernel must never run), and the types of the messages that came back."""

from __future__ import annotations

from typing import Any

from support.browser import kernel_of

# The code sent: it would print the class store's address, which the kernel's environment holds.
CODE = "import os; print('store:', os.environ.get('BOARDGAMES_DB') or os.environ.get('BOARDGAMES_DATA'))"

PROBE = """async ([kernel, code, wait]) => {
    const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
    const base = new URL(config.baseUrl, location.href);
    base.protocol = base.protocol.replace('http', 'ws');
    const socket = new WebSocket(new URL(`api/kernels/${kernel}/channels`, base));
    const replies = [];
    const session = crypto.randomUUID();
    const message = (type, content) => ({
        header: {msg_id: crypto.randomUUID(), msg_type: type, username: 'visitor', session,
                 date: new Date().toISOString(), version: '5.3'},
        parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
    const sent = {};
    await new Promise((opened, failed) => { socket.onopen = opened; socket.onerror = () => failed('no websocket'); });
    socket.onmessage = event => {
        const msg = JSON.parse(event.data);
        const asked = sent[msg.parent_header && msg.parent_header.msg_id];
        const printed = msg.content && msg.content.text ? `:${msg.content.text}` : '';
        if (asked) replies.push(`${asked}:${msg.msg_type}${printed}`);
    };
    for (const [type, content] of [
            ['kernel_info_request', {}],
            ['execute_request', {code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false,
                                 stop_on_error: true}]]) {
        const msg = message(type, content);
        sent[msg.header.msg_id] = type;
        socket.send(JSON.stringify(msg));
    }
    await new Promise(done => setTimeout(done, wait));
    socket.close();
    return replies;
}"""


def replies_to_a_visitor(page: Any, wait_ms: int = 4000) -> list[str]:
    """The replies the kernel of ``page`` sent a visitor's own websocket in ``wait_ms``, as
    ``"<request type>:<reply type>[:<text printed>]"``: a kernel that runs no code answers the
    ``kernel_info_request`` (``kernel_info_request:kernel_info_reply``) and nothing to the ``execute_request``."""
    return page.evaluate(PROBE, [kernel_of(page), CODE, wait_ms])
