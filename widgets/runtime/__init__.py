"""What a served page needs: ``address`` (the page's query and the addresses it hands out), ``runner`` (the one runner
of its background work: the bots, a hint, an estimate, a poll), ``guard`` (the one error guard: a callback's failure
said in a sentence, its trace kept) and ``poller`` (the look at the class store that keeps a class page live)."""
