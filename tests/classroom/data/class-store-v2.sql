-- A class store made by the version-2 program (before rooms had a version): a room of three students with a
-- revealed sealed round and an open clock round, and a Medici table with four moves. sqlite3 class.db .dump
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_version (
	version INTEGER NOT NULL
);
INSERT INTO schema_version VALUES(2);
CREATE TABLE rooms (
	id INTEGER NOT NULL, 
	code VARCHAR(8) NOT NULL, 
	teacher_key VARCHAR(64) NOT NULL, 
	title VARCHAR(200) NOT NULL, 
	ended BOOLEAN NOT NULL, 
	created FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (code), 
	UNIQUE (teacher_key)
);
INSERT INTO rooms VALUES(1,'69W43','O6LFL88yGuvLHDRV4SZKpOyA','Economics 101',0,1700000000.0);
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
INSERT INTO game_tables VALUES(1,'R5JS9','b8ypz-WfhOLgUGQSCSIs1cNE','medici',5,'{"format": "boardgames", "kind": "state", "game": "medici", "version": 1, "table": {"names": ["Ada", "Ben", "Cleo"], "seed": 5, "first_player": 0, "flags": {"two_player_ships": true, "start_space_scores": false}, "decks": [null, null, null]}, "day": 1, "money": [40, 40, 40], "ships": [[[]], [[]], [[]]], "levels": [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], "deck": ["fur:5", "dye:4", "grain:4", "dye:5", "cloth:3", "cloth:2", "grain:1", "grain:5", "fur:5", "fur:0", "dye:1", "fur:1", "spice:4", "cloth:5", "dye:5", "spice:0", "cloth:1"], "aside": ["fur:3", "grain:2", "dye:2", "grain:0", "spice:2", "gold:10", "spice:1", "grain:5", "fur:4", "dye:0", "spice:5", "grain:3", "cloth:4", "cloth:5", "fur:2", "dye:3", "cloth:0", "spice:3"], "discard": [], "lot": ["spice:5"], "step": "reveal", "auctioneer": 0, "bidder": null, "high_bid": 0, "high_bidder": null, "incomes": []}',4,0,0,6,1700000077.0,1700000140.0);
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
INSERT INTO students VALUES(1,1,'Ada','ada','yyDL8nNmranpmPQ9',1700000007.0);
INSERT INTO students VALUES(2,1,'Ben','ben','ZP469cPQ7yCT5p9o',1700000014.0);
INSERT INTO students VALUES(3,1,'Cleo','cleo','7c_R03F9Th6dft0U',1700000021.0);
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
INSERT INTO table_seats VALUES(1,0,'Ada','owner','9RjJ2veoAbpNl3do',1);
INSERT INTO table_seats VALUES(1,1,'Ben','classmate','0nVSGUbHgtuEcpvB',1);
INSERT INTO table_seats VALUES(1,2,'Cleo','random','t27h2ePPcSSdqV4p',0);
CREATE TABLE table_moves (
	table_id INTEGER NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	move VARCHAR(200) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id, ply), 
	FOREIGN KEY(table_id) REFERENCES game_tables (id)
);
INSERT INTO table_moves VALUES(1,0,0,'draw',1700000091.0);
INSERT INTO table_moves VALUES(1,1,0,'draw',1700000105.0);
INSERT INTO table_moves VALUES(1,2,1,'pass',1700000119.0);
INSERT INTO table_moves VALUES(1,3,2,'pass',1700000133.0);
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
INSERT INTO rounds VALUES(1,1,1,'coin-jar','first-price',3,500,1500,300,5000,0,100,'',743,100.0,'revealed',NULL,1,1100,1700000028.0,1700000056.0);
INSERT INTO rounds VALUES(2,1,2,'coin-jar','clock',2,500,1500,300,3000,400,100,'',1478,NULL,'open',500,NULL,NULL,1700000063.0,NULL);
CREATE TABLE estimates (
	round_id INTEGER NOT NULL, 
	student_id INTEGER NOT NULL, 
	estimate INTEGER, 
	PRIMARY KEY (round_id, student_id), 
	FOREIGN KEY(round_id) REFERENCES rounds (id), 
	FOREIGN KEY(student_id) REFERENCES students (id)
);
INSERT INTO estimates VALUES(1,1,1034);
INSERT INTO estimates VALUES(1,2,853);
INSERT INTO estimates VALUES(2,1,1704);
INSERT INTO estimates VALUES(2,2,1732);
INSERT INTO estimates VALUES(2,3,1564);
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
INSERT INTO bids VALUES(1,1,1,'bid',1200,1700000035.0);
INSERT INTO bids VALUES(2,1,2,'bid',950,1700000042.0);
INSERT INTO bids VALUES(3,1,1,'bid',1100,1700000049.0);
INSERT INTO bids VALUES(4,2,3,'drop',500,1700000070.0);
CREATE INDEX bids_of_a_round ON bids (round_id, student_id);
COMMIT;
