BEGIN TRANSACTION;
CREATE TABLE actions (
	table_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action INTEGER NOT NULL, 
	"by" VARCHAR(16) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id, seq), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',0,1,32,'bot',1.79618736288985300069e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',1,2,32,'bot',1.79618736289079141614e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',2,3,33,'bot',1.7961873628917150497e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',3,0,32,'person',1.79618736290742921826e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',4,3,50,'bot',1.79618736290882968905e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',5,1,15,'bot',1.79618736291022944445e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',6,2,13,'bot',1.79618736291137433055e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',7,3,10,'bot',1.79618736291258049016e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',8,0,8,'person',1.79618736291609263416e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',9,0,2,'person',1.79618736291770100593e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',10,1,7,'bot',1.79618736291843080518e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',11,2,6,'bot',1.79618736291913342478e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',12,3,0,'bot',1.79618736291976547237e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',13,3,20,'bot',1.79618736292043137546e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',14,0,3,'person',1.7961873629212713241e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',15,1,28,'bot',1.79618736292232203484e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',16,2,21,'bot',1.79618736292294931414e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',17,0,22,'person',1.79618736292386341093e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',18,1,17,'bot',1.79618736292471981052e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',19,2,18,'bot',1.79618736292540073394e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',20,3,12,'bot',1.79618736292615604403e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',21,3,11,'bot',1.79618736292689085004e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',22,0,23,'person',1.79618736292746520037e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',23,1,16,'bot',1.79618736292807579038e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',24,2,19,'bot',1.79618736292865610127e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',25,3,4,'bot',1.79618736292930960651e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',26,0,27,'person',1.79618736293026590349e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',27,1,14,'bot',1.79618736293101739884e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',28,2,30,'bot',1.79618736293169093138e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',29,0,25,'person',1.79618736293263340001e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',30,1,31,'bot',1.79618736293357610699e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',31,2,1,'bot',1.79618736293446803085e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',32,3,24,'bot',1.79618736293523216249e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',33,3,5,'bot',1.79618736293582987781e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',34,0,29,'person',1.79618736293652033809e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',35,1,26,'bot',1.79618736293717288967e+09);
INSERT INTO "actions" VALUES('KGesiKJOnW_8',36,2,9,'bot',1.7961873629379591942e+09);
INSERT INTO "actions" VALUES('m5KnTLKvKmBI',0,1,32,'bot',1.79618736304419040683e+09);
INSERT INTO "actions" VALUES('m5KnTLKvKmBI',1,2,32,'bot',1.79618736304496979714e+09);
INSERT INTO "actions" VALUES('m5KnTLKvKmBI',2,3,32,'bot',1.79618736304645729064e+09);
INSERT INTO "actions" VALUES('XcgRxDPT1XFN',0,1,32,'bot',1.79618736305182290073e+09);
INSERT INTO "actions" VALUES('XcgRxDPT1XFN',1,2,33,'bot',1.79618736305275821692e+09);
INSERT INTO "actions" VALUES('XcgRxDPT1XFN',2,3,32,'bot',1.79618736305389547353e+09);
CREATE TABLE analyses (
	table_id VARCHAR(32) NOT NULL, 
	game INTEGER NOT NULL, 
	data JSON NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id, game), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "analyses" VALUES('KGesiKJOnW_8',1,'{"decisions": [{"seat": 1, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": -4.19, "spiel": -24.5}, "index": 0, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 2, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": -1.44, "spiel": -10.75}, "index": 1, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 3, "phase": "bidding", "trick": null, "position": null, "action": "spiel", "best": "weiter", "loss": 0.12, "open_loss": null, "verdict": null, "options": {"weiter": 1.31, "spiel": 1.19}, "index": 2, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 0, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": 1.5, "spiel": 1.5}, "index": 3, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 3, "phase": "naming", "trick": null, "position": null, "action": "rufspiel G", "best": "wenz", "loss": 1.56, "open_loss": null, "verdict": null, "options": {"rufspiel G": 1.62, "solo E": -6.75, "solo G": -6.94, "solo H": -8.25, "solo S": -8.25, "solo E tout": -24.0, "solo G tout": -24.0, "solo H tout": -24.0, "solo S tout": -24.0, "wenz": 3.19, "wenz tout": -24.0, "geier": -10.69, "geier tout": -24.0}, "index": 4, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 1, "phase": "play", "trick": 1, "position": 1, "action": "G7", "best": "G7", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"E7": -3.5, "G8": -3.31, "G7": -3.31, "HA": -3.53, "HZ": -3.56, "SK": -3.47, "SU": -3.62, "S7": -3.5}, "index": 5, "open_options": {"E7": -3.0, "G8": -3.0, "G7": -3.0, "HA": -3.0, "HZ": -3.0, "SK": -3.0, "SU": -3.0, "S7": -3.0}, "chance": 0.969, "expected": 3.31, "open_expected": 3.0}, {"seat": 2, "phase": "play", "trick": 1, "position": 2, "action": "G9", "best": "G9", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"GZ": -2.38, "G9": -2.34}, "index": 6, "open_options": {"GZ": -3.0, "G9": -3.0}, "chance": 1.0, "expected": 2.34, "open_expected": 3.0}, {"seat": 0, "phase": "play", "trick": 2, "position": 1, "action": "EK", "best": "EO", "loss": 0.09, "open_loss": 0.0, "verdict": null, "options": {"EK": 4.34, "EO": 4.44, "H8": 4.38, "H7": 4.38, "SZ": 4.31, "SO": 4.41, "S9": 4.34}, "index": 9, "open_options": {"EK": 3.0, "EO": 3.0, "H8": 3.0, "H7": 3.0, "SZ": 3.0, "SO": 3.0, "S9": 3.0}, "chance": 1.0, "expected": 4.34, "open_expected": 3.0}, {"seat": 1, "phase": "doubling", "trick": null, "position": null, "action": "gut", "best": "gut", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"gut": -4.52, "kontra": -9.03}, "index": 9, "open_options": {"gut": -3.0, "kontra": -6.0}, "chance": null, "expected": null, "open_expected": null}, {"seat": 2, "phase": "doubling", "trick": null, "position": null, "action": "gut", "best": "gut", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"gut": -2.16, "kontra": -4.31}, "index": 9, "open_options": {"gut": -3.0, "kontra": -6.0}, "chance": null, "expected": null, "open_expected": null}, {"seat": 2, "phase": "play", "trick": 2, "position": 3, "action": "E8", "best": "EZ", "loss": 0.34, "open_loss": 0.0, "verdict": "inaccuracy", "options": {"EZ": -1.91, "E8": -2.25}, "index": 11, "open_options": {"EZ": -3.0, "E8": -3.0}, "chance": 1.0, "expected": 2.25, "open_expected": 3.0}, {"seat": 3, "phase": "play", "trick": 2, "position": 4, "action": "EA", "best": "EA", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EA": 2.62, "E9": 2.62}, "index": 12, "open_options": {"EA": 3.0, "E9": 3.0}, "chance": 1.0, "expected": 2.62, "open_expected": 3.0}, {"seat": 3, "phase": "play", "trick": 3, "position": 1, "action": "HU", "best": "HU", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EU": 1.97, "E9": 1.59, "GO": 1.69, "GU": 1.97, "HU": 1.97, "SA": 1.97}, "index": 13, "open_options": {"EU": 3.0, "E9": 3.0, "GO": 2.0, "GU": 3.0, "HU": 3.0, "SA": 3.0}, "chance": 1.0, "expected": 1.97, "open_expected": 3.0}, {"seat": 0, "phase": "play", "trick": 3, "position": 2, "action": "EO", "best": "EO", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EO": 3.12, "H8": 2.56, "H7": 2.56, "SO": 2.56}, "index": 14, "open_options": {"EO": 3.0, "H8": 2.0, "H7": 2.0, "SO": 2.0}, "chance": 1.0, "expected": 3.12, "open_expected": 3.0}, {"seat": 1, "phase": "play", "trick": 3, "position": 3, "action": "SU", "best": "SU", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HA": -4.62, "HZ": -4.62, "SU": -4.59}, "index": 15, "open_options": {"HA": -3.0, "HZ": -3.0, "SU": -3.0}, "chance": 1.0, "expected": 4.59, "open_expected": 3.0}, {"seat": 2, "phase": "play", "trick": 3, "position": 4, "action": "H9", "best": "H9", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HK": -1.94, "HO": -2.38, "H9": -1.94}, "index": 16, "open_options": {"HK": -3.0, "HO": -3.0, "H9": -3.0}, "chance": 0.969, "expected": 1.94, "open_expected": 3.0}, {"seat": 0, "phase": "play", "trick": 4, "position": 1, "action": "H8", "best": "H8", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"H8": 3.12, "H7": 3.12, "SZ": 2.91, "SO": 2.97, "S9": 2.94}, "index": 17, "open_options": {"H8": 3.0, "H7": 3.0, "SZ": 3.0, "SO": 3.0, "S9": 3.0}, "chance": 0.969, "expected": 3.12, "open_expected": 3.0}, {"seat": 1, "phase": "play", "trick": 4, "position": 2, "action": "HZ", "best": "HA", "loss": 0.03, "open_loss": 0.0, "verdict": null, "options": {"HA": -5.34, "HZ": -5.38}, "index": 18, "open_options": {"HA": -3.0, "HZ": -3.0}, "chance": 1.0, "expected": 5.38, "open_expected": 3.0}, {"seat": 2, "phase": "play", "trick": 4, "position": 3, "action": "HK", "best": "HO", "loss": 0.22, "open_loss": 0.0, "verdict": "inaccuracy", "options": {"HK": -2.44, "HO": -2.22}, "index": 19, "open_options": {"HK": -3.0, "HO": -3.0}, "chance": 1.0, "expected": 2.44, "open_expected": 3.0}, {"seat": 3, "phase": "play", "trick": 4, "position": 4, "action": "GU", "best": "GU", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EU": 4.0, "GO": 3.41, "GU": 4.0}, "index": 20, "open_options": {"EU": 3.0, "GO": 2.0, "GU": 3.0}, "chance": 1.0, "expected": 4.0, "open_expected": 3.0}, {"seat": 3, "phase": "play", "trick": 5, "position": 1, "action": "GO", "best": "SA", "loss": 0.25, "open_loss": 0.0, "verdict": null, "options": {"EU": 3.53, "E9": 3.47, "GO": 3.62, "SA": 3.88}, "index": 21, "open_options": {"EU": 2.0, "E9": 3.0, "GO": 3.0, "SA": 3.0}, "chance": 0.938, "expected": 3.62, "open_expected": 3.0}, {"seat": 0, "phase": "play", "trick": 5, "position": 2, "action": "H7", "best": "H7", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"H7": 6.09, "SO": 6.09}, "index": 22, "open_options": {"H7": 3.0, "SO": 3.0}, "chance": 1.0, "expected": 6.09, "open_expected": 3.0}, {"seat": 3, "phase": "play", "trick": 6, "position": 1, "action": "EU", "best": "SA", "loss": 0.38, "open_loss": 1.0, "verdict": "inaccuracy", "options": {"EU": 2.31, "E9": 2.66, "SA": 2.69}, "index": 25, "open_options": {"EU": 2.0, "E9": 3.0, "SA": 3.0}, "chance": 1.0, "expected": 2.31, "open_expected": 2.0}, {"seat": 1, "phase": "play", "trick": 6, "position": 3, "action": "G8", "best": "G8", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"G8": -2.47, "SK": -2.59, "S7": -2.59}, "index": 27, "open_options": {"G8": -2.0, "SK": -2.0, "S7": -2.0}, "chance": 1.0, "expected": 2.47, "open_expected": 2.0}, {"seat": 2, "phase": "play", "trick": 6, "position": 4, "action": "S8", "best": "S8", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EZ": -2.69, "GZ": -2.16, "S8": -2.06}, "index": 28, "open_options": {"EZ": -3.0, "GZ": -2.0, "S8": -2.0}, "chance": 1.0, "expected": 2.06, "open_expected": 2.0}, {"seat": 0, "phase": "play", "trick": 7, "position": 1, "action": "SZ", "best": "SZ", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"SZ": 1.69, "S9": 1.69}, "index": 29, "open_options": {"SZ": 2.0, "S9": 2.0}, "chance": 1.0, "expected": 1.69, "open_expected": 2.0}, {"seat": 1, "phase": "play", "trick": 7, "position": 2, "action": "S7", "best": "S7", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"SK": -2.62, "S7": -2.56}, "index": 30, "open_options": {"SK": -2.0, "S7": -2.0}, "chance": 1.0, "expected": 2.56, "open_expected": 2.0}, {"seat": 2, "phase": "play", "trick": 7, "position": 3, "action": "EZ", "best": "GZ", "loss": 0.38, "open_loss": 1.0, "verdict": "inaccuracy", "options": {"EZ": -2.84, "GZ": -2.47}, "index": 31, "open_options": {"EZ": -3.0, "GZ": -2.0}, "chance": 1.0, "expected": 2.84, "open_expected": 3.0}], "seats": [{"seat": 0, "accuracy": 90.0, "luck": 0.81, "inaccuracies": 0, "mistakes": 0, "blunders": 0}, {"seat": 1, "accuracy": 99.9, "luck": -3.06, "inaccuracies": 0, "mistakes": 0, "blunders": 0}, {"seat": 2, "accuracy": 93.0, "luck": -1.44, "inaccuracies": 3, "mistakes": 0, "blunders": 0}, {"seat": 3, "accuracy": 92.1, "luck": 2.38, "inaccuracies": 1, "mistakes": 0, "blunders": 0}], "payouts": [3, -3, -3, 3], "unit": "points"}',1.79618739407049703591e+09);
CREATE TABLE closed_tables (
	table_id VARCHAR(32) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "closed_tables" VALUES('KGesiKJOnW_8',1.79618739432267975801e+09);
CREATE TABLE seat_changes (
	table_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	code VARCHAR(16) NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	person VARCHAR(60), 
	"after" INTEGER NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (table_id, seq), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seat_changes" VALUES('m5KnTLKvKmBI',0,1,'joined','Cilli','Cilli',0,1.79618736303206896786e+09);
INSERT INTO "seat_changes" VALUES('m5KnTLKvKmBI',1,1,'left','Zenzi (Bot für Cilli)','Cilli',0,1.79618736304170131682e+09);
CREATE TABLE seats (
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	token VARCHAR(64), 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id), 
	UNIQUE (token)
);
INSERT INTO "seats" VALUES('KGesiKJOnW_8',0,'Anna','yFOE7Po_Xp4Xxn4yXhIgNSlcT7m2WxLL');
INSERT INTO "seats" VALUES('KGesiKJOnW_8',1,'Resi',NULL);
INSERT INTO "seats" VALUES('KGesiKJOnW_8',2,'Zenzi',NULL);
INSERT INTO "seats" VALUES('KGesiKJOnW_8',3,'Girgl',NULL);
INSERT INTO "seats" VALUES('m5KnTLKvKmBI',0,'Bert','GOd6McbfzvVokQziax5GRXNXw2TKsdHB');
INSERT INTO "seats" VALUES('m5KnTLKvKmBI',1,'Zenzi (Bot für Cilli)',NULL);
INSERT INTO "seats" VALUES('m5KnTLKvKmBI',2,'Hias',NULL);
INSERT INTO "seats" VALUES('m5KnTLKvKmBI',3,'Sepp',NULL);
INSERT INTO "seats" VALUES('XcgRxDPT1XFN',0,'Dora','mrEmmPElL7-2PFWD7huhIRY8DtGIPQpi');
INSERT INTO "seats" VALUES('XcgRxDPT1XFN',1,'Resi',NULL);
INSERT INTO "seats" VALUES('XcgRxDPT1XFN',2,'Hias',NULL);
INSERT INTO "seats" VALUES('XcgRxDPT1XFN',3,'Sepp',NULL);
CREATE TABLE server_lease (
	name VARCHAR(16) NOT NULL, 
	owner VARCHAR(64) NOT NULL, 
	host VARCHAR(255) NOT NULL, 
	pid INTEGER NOT NULL, 
	renewed FLOAT NOT NULL, 
	PRIMARY KEY (name)
);
CREATE TABLE table_info (
	table_id VARCHAR(32) NOT NULL, 
	public BOOLEAN NOT NULL, 
	creator INTEGER, 
	next_table VARCHAR(32), 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "table_info" VALUES('KGesiKJOnW_8',0,0,NULL);
INSERT INTO "table_info" VALUES('m5KnTLKvKmBI',1,0,NULL);
INSERT INTO "table_info" VALUES('XcgRxDPT1XFN',0,0,NULL);
CREATE TABLE tables (
	id VARCHAR(32) NOT NULL, 
	config JSON NOT NULL, 
	invite VARCHAR(64) NOT NULL, 
	created FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('KGesiKJOnW_8','{"rules": {"preset": "standard"}, "games": 1, "seats": ["human", "heuristic", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 1034065731, "name": "", "tips": false}','wKInH3OG3iJnb8Wb',1.79618736287343430516e+09);
INSERT INTO "tables" VALUES('m5KnTLKvKmBI','{"rules": {"preset": "standard"}, "games": 2, "seats": ["human", "human", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 3545438748, "name": "", "tips": false}','L6VdJKZorj-r1r7n',1.79618736299175477027e+09);
INSERT INTO "tables" VALUES('XcgRxDPT1XFN','{"rules": {"preset": "standard"}, "games": 1, "seats": ["human", "heuristic", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 651592532, "name": "", "tips": false}','90d9x5wWRG3D_v0X',1.79618736304887819288e+09);
COMMIT;
