"""The classroom: what a class shares across its pages, kept in a database (``store``: the schema, and the helper
every activity's requests and views share; ``keys``: the secrets in pages' addresses, of which it keeps only
digests), above the game engines and beside the widgets. Each activity is a
package of the same shape, its ``requests`` (what a page asks the store to do) and its ``views`` (what a page may
read, and the one number it looks at to know whether to read again): ``auction`` (the class auction),
``tables`` (games played by classmates from their own pages) and ``practice`` (a learner's answers to the
exercises). ``bidding`` and ``analysis`` need the standard library
alone: what an auction's bids come to, and a class auction's CSV read back for a lesson."""
