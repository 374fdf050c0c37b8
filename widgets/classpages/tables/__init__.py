"""Game tables played by classmates from their own pages: ``pages`` (a seat's page, the tables' overview) and
``panel`` (the dashboard's table panel: links, QR codes and the moves of the other pages)."""
