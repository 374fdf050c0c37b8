"""What a served page needs: ``address`` (the page's query and the addresses it hands out, waiting for its
request), ``worker`` (slow work off the page's loop) and ``poller`` (the look at the class store that keeps a
class page live)."""
