-- A class store made by the version-4 program (commit 9bdf374, before classes): a room of three students with a
-- revealed sealed round and an open second-price round, a Medici table with four moves (the owner's, a classmate's,
-- a bot's), and three practice answers. sqlite3 class.db .dump
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_version (
	version INTEGER NOT NULL
);
INSERT INTO schema_version VALUES(4);
CREATE TABLE rooms (
	id INTEGER NOT NULL, 
	code VARCHAR(8) NOT NULL, 
	teacher_key VARCHAR(64) NOT NULL, 
	title VARCHAR(200) NOT NULL, 
	ended BOOLEAN NOT NULL, 
	created FLOAT NOT NULL, 
	version INTEGER DEFAULT 1 NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (code), 
	UNIQUE (teacher_key)
);
INSERT INTO rooms VALUES(1,'F5QWZ','0PCyiTc9LlpvaeH-MiQP7FpA','Economics 101',0,1700000007.0,12);
CREATE TABLE game_tables (
	id INTEGER NOT NULL, 
	code VARCHAR(8) NOT NULL, 
	owner_key VARCHAR(64) NOT NULL, 
	game VARCHAR(20) NOT NULL, 
	seed BIGINT NOT NULL, 
	start TEXT NOT NULL, 
	ply INTEGER NOT NULL, 
	turn INTEGER, 
	over BOOLEAN NOT NULL, 
	version INTEGER NOT NULL, 
	created FLOAT NOT NULL, 
	updated FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (code), 
	UNIQUE (owner_key)
);
INSERT INTO game_tables VALUES(1,'LMTAQ','qL8m23AvVwLy-ugsjkjxCZ1a','medici',5,'{"format": "boardgames", "kind": "state", "game": "medici", "version": 1, "table": {"names": ["Ada", "Ben", "Cleo"], "seed": 5, "first_player": 0, "flags": {"two_player_ships": true, "start_space_scores": false}, "decks": [null, null, null]}, "day": 1, "money": [40, 40, 40], "ships": [[[]], [[]], [[]]], "levels": [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], "deck": ["fur:5", "dye:4", "grain:4", "dye:5", "cloth:3", "cloth:2", "grain:1", "grain:5", "fur:5", "fur:0", "dye:1", "fur:1", "spice:4", "cloth:5", "dye:5", "spice:0", "cloth:1"], "aside": ["fur:3", "grain:2", "dye:2", "grain:0", "spice:2", "gold:10", "spice:1", "grain:5", "fur:4", "dye:0", "spice:5", "grain:3", "cloth:4", "cloth:5", "fur:2", "dye:3", "cloth:0", "spice:3"], "discard": [], "lot": ["spice:5"], "step": "reveal", "auctioneer": 0, "bidder": null, "high_bid": 0, "high_bidder": null, "incomes": []}',4,0,0,6,1700000084.0,1700000147.0);
CREATE TABLE practice_answers (
	id INTEGER NOT NULL, 
	learner VARCHAR(80) NOT NULL, 
	game VARCHAR(20) NOT NULL, 
	kind VARCHAR(80) NOT NULL, 
	seed BIGINT NOT NULL, 
	rules VARCHAR(400) NOT NULL, 
	refusal VARCHAR(80), 
	"right" BOOLEAN NOT NULL, 
	first_try BOOLEAN NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO practice_answers VALUES(1,'local:4f1c2a9b7d3e5f60','medici','medici.bid-must-exceed',3,'medici.bid-must-exceed','medici.bid-must-exceed',0,1,1700000154.0);
INSERT INTO practice_answers VALUES(2,'local:4f1c2a9b7d3e5f60','medici','medici.bid-must-exceed',3,'medici.bid-must-exceed',NULL,1,0,1700000161.0);
INSERT INTO practice_answers VALUES(3,'class:F5QWZ:ada','medici','medici.bid-must-exceed',3,'medici.bid-must-exceed',NULL,1,1,1700000168.0);
CREATE TABLE students (
	id INTEGER NOT NULL, 
	room_id INTEGER NOT NULL, 
	nickname VARCHAR(40) NOT NULL, 
	nickname_key VARCHAR(40) NOT NULL, 
	token VARCHAR(64) NOT NULL, 
	joined FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT one_nickname_a_room UNIQUE (room_id, nickname_key), 
	FOREIGN KEY(room_id) REFERENCES rooms (id), 
	UNIQUE (token)
);
INSERT INTO students VALUES(1,1,'Ada','ada','lSNFTtlOhqwDM-Zn',1700000014.0);
INSERT INTO students VALUES(2,1,'Ben','ben','4Kp8M4qhOhJ0a7de',1700000021.0);
INSERT INTO students VALUES(3,1,'Cleo','cleo','7oLrbqs4WuIFjg4P',1700000028.0);
CREATE TABLE table_seats (
	table_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	kind VARCHAR(20) NOT NULL, 
	token VARCHAR(64) NOT NULL, 
	claimed BOOLEAN NOT NULL, 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES game_tables (id), 
	UNIQUE (token)
);
INSERT INTO table_seats VALUES(1,0,'Ada','owner','PMLyggcNfn8J5Fqf',1);
INSERT INTO table_seats VALUES(1,1,'Ben','classmate','-ocX7uC7s8f57WdA',1);
INSERT INTO table_seats VALUES(1,2,'Cleo','random','gMAiiLfOOfQ7gZzh',0);
CREATE TABLE table_moves (
	table_id INTEGER NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	move VARCHAR(200) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id, ply), 
	FOREIGN KEY(table_id) REFERENCES game_tables (id)
);
INSERT INTO table_moves VALUES(1,0,0,'draw',1700000098.0);
INSERT INTO table_moves VALUES(1,1,0,'draw',1700000112.0);
INSERT INTO table_moves VALUES(1,2,1,'pass',1700000126.0);
INSERT INTO table_moves VALUES(1,3,2,'pass',1700000140.0);
CREATE TABLE rounds (
	id INTEGER NOT NULL, 
	room_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	item VARCHAR(20) NOT NULL, 
	format VARCHAR(20) NOT NULL, 
	seed BIGINT NOT NULL, 
	low INTEGER NOT NULL, 
	high INTEGER NOT NULL, 
	noise INTEGER NOT NULL, 
	cap INTEGER NOT NULL, 
	start INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	lot VARCHAR(200) NOT NULL, 
	value INTEGER NOT NULL, 
	theory FLOAT, 
	status VARCHAR(10) NOT NULL, 
	clock INTEGER, 
	winner_id INTEGER, 
	price INTEGER, 
	opened FLOAT NOT NULL, 
	closed FLOAT, 
	PRIMARY KEY (id), 
	CONSTRAINT one_number_a_round UNIQUE (room_id, number), 
	FOREIGN KEY(room_id) REFERENCES rooms (id), 
	FOREIGN KEY(winner_id) REFERENCES students (id)
);
INSERT INTO rounds VALUES(1,1,1,'coin-jar','first-price',11,500,1500,300,5000,0,100,'',963,150.0,'revealed',NULL,3,1400,1700000035.0,1700000063.0);
INSERT INTO rounds VALUES(2,1,2,'coin-jar','second-price',12,500,1500,300,5000,0,100,'',985,NULL,'open',NULL,NULL,NULL,1700000070.0,NULL);
CREATE TABLE estimates (
	round_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	estimate INTEGER, 
	PRIMARY KEY (round_id, student_id), 
	FOREIGN KEY(round_id) REFERENCES rounds (id), 
	FOREIGN KEY(student_id) REFERENCES students (id)
);
INSERT INTO estimates VALUES(1,1,1213);
INSERT INTO estimates VALUES(1,2,1027);
INSERT INTO estimates VALUES(1,3,1104);
INSERT INTO estimates VALUES(2,1,1272);
CREATE TABLE bids (
	id INTEGER NOT NULL, 
	round_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	kind VARCHAR(8) NOT NULL, 
	amount INTEGER NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(round_id) REFERENCES rounds (id), 
	FOREIGN KEY(student_id) REFERENCES students (id)
);
INSERT INTO bids VALUES(1,1,1,'bid',1200,1700000042.0);
INSERT INTO bids VALUES(2,1,2,'bid',950,1700000049.0);
INSERT INTO bids VALUES(3,1,3,'bid',1400,1700000056.0);
INSERT INTO bids VALUES(4,2,1,'bid',800,1700000077.0);
CREATE INDEX practice_of_a_learner ON practice_answers (learner, kind);
CREATE INDEX bids_of_a_round ON bids (round_id, student_id);
COMMIT;
