"""The class's pages, the ipywidgets side of ``classroom``: ``auction`` (the class auction's teacher and student
pages), ``tables`` (a classmate's seat at a table, the tables' overview, the table panel of a dashboard) and
``qr`` (a QR code of an address)."""
