"""The classroom: what a class shares across its pages, kept in a database (``store``), above the game engines
and beside the widgets. The class auction (``auction``: the requests; ``items``: what a round sells; ``views``:
what each page may read) is its first part."""
