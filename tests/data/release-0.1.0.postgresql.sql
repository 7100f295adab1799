--
-- PostgreSQL database dump
--

\restrict cBex4me6w3nSaMrDxFYtAyFvzxIMMtGXLjT1PCtDTpZ1X6qwK5h5HiuzFH6AgaN

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.actions (
    table_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    action integer NOT NULL,
    by character varying(16) NOT NULL,
    at double precision NOT NULL
);


--
-- Name: analyses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.analyses (
    table_id character varying(32) NOT NULL,
    game integer NOT NULL,
    data json NOT NULL,
    at double precision NOT NULL
);


--
-- Name: closed_tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.closed_tables (
    table_id character varying(32) NOT NULL,
    at double precision NOT NULL
);


--
-- Name: seat_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat_changes (
    table_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    code character varying(16) NOT NULL,
    name character varying(60) NOT NULL,
    person character varying(60),
    after integer NOT NULL,
    at double precision NOT NULL
);


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    table_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    name character varying(60) NOT NULL,
    token character varying(64)
);


--
-- Name: server_lease; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.server_lease (
    name character varying(16) NOT NULL,
    owner character varying(64) NOT NULL,
    host character varying(255) NOT NULL,
    pid integer NOT NULL,
    renewed double precision NOT NULL
);


--
-- Name: table_info; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.table_info (
    table_id character varying(32) NOT NULL,
    public boolean NOT NULL,
    creator integer,
    next_table character varying(32)
);


--
-- Name: tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tables (
    id character varying(32) NOT NULL,
    config json NOT NULL,
    invite character varying(64) NOT NULL,
    created double precision NOT NULL
);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 0, 1, 32, 'bot', 1796187394.9833379);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 1, 2, 33, 'bot', 1796187394.9863198);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 2, 3, 32, 'bot', 1796187394.9929886);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 3, 0, 32, 'person', 1796187394.9961681);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 4, 2, 50, 'bot', 1796187394.9988856);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 5, 1, 14, 'bot', 1796187395.0021272);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 6, 2, 15, 'bot', 1796187395.0058389);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 7, 3, 8, 'bot', 1796187395.0097766);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 8, 0, 9, 'person', 1796187395.0165377);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 9, 3, 22, 'bot', 1796187395.0226068);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 10, 0, 11, 'person', 1796187395.025682);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 11, 1, 18, 'bot', 1796187395.0297997);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 12, 2, 3, 'bot', 1796187395.0350752);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 13, 2, 28, 'bot', 1796187395.0403812);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 14, 3, 21, 'bot', 1796187395.0425289);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 15, 0, 17, 'person', 1796187395.0450954);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 16, 1, 12, 'bot', 1796187395.0467308);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 17, 1, 5, 'bot', 1796187395.048652);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 18, 2, 0, 'bot', 1796187395.0504696);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 19, 3, 2, 'bot', 1796187395.0524216);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 20, 0, 13, 'person', 1796187395.0540879);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 21, 2, 4, 'bot', 1796187395.0558188);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 22, 3, 20, 'bot', 1796187395.0580113);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 23, 0, 19, 'person', 1796187395.0599256);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 24, 1, 1, 'bot', 1796187395.0620706);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 25, 0, 23, 'person', 1796187395.063437);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 26, 1, 30, 'bot', 1796187395.0650778);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 27, 2, 16, 'bot', 1796187395.0673275);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 28, 3, 24, 'bot', 1796187395.0712137);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 29, 2, 27, 'bot', 1796187395.0739334);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 30, 3, 10, 'bot', 1796187395.0767202);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 31, 0, 25, 'person', 1796187395.0785613);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 32, 1, 6, 'bot', 1796187395.0807464);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 33, 2, 26, 'bot', 1796187395.0822828);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 34, 3, 29, 'bot', 1796187395.0838726);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 35, 0, 31, 'person', 1796187395.08524);
INSERT INTO public.actions VALUES ('HRHJ2dYbRC5J', 36, 1, 7, 'bot', 1796187395.0877094);
INSERT INTO public.actions VALUES ('pWrKUgZykEf_', 0, 1, 32, 'bot', 1796187395.153101);
INSERT INTO public.actions VALUES ('pWrKUgZykEf_', 1, 2, 32, 'bot', 1796187395.1550035);
INSERT INTO public.actions VALUES ('pWrKUgZykEf_', 2, 3, 32, 'bot', 1796187395.1565485);
INSERT INTO public.actions VALUES ('qNhXwegxOgb2', 0, 1, 33, 'bot', 1796187395.1648133);
INSERT INTO public.actions VALUES ('qNhXwegxOgb2', 1, 2, 32, 'bot', 1796187395.1658995);
INSERT INTO public.actions VALUES ('qNhXwegxOgb2', 2, 3, 32, 'bot', 1796187395.1671124);


--
-- Data for Name: analyses; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.analyses VALUES ('HRHJ2dYbRC5J', 1, '{"decisions": [{"seat": 1, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": -2.06, "spiel": -23.69}, "index": 0, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 2, "phase": "bidding", "trick": null, "position": null, "action": "spiel", "best": "spiel", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": 0.81, "spiel": 1.5}, "index": 1, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 3, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": -0.25, "spiel": -0.25}, "index": 2, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 0, "phase": "bidding", "trick": null, "position": null, "action": "weiter", "best": "weiter", "loss": 0.0, "open_loss": null, "verdict": null, "options": {"weiter": 1.56, "spiel": 1.56}, "index": 3, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 2, "phase": "naming", "trick": null, "position": null, "action": "rufspiel G", "best": "rufspiel S", "loss": 0.81, "open_loss": null, "verdict": null, "options": {"rufspiel G": 2.75, "rufspiel S": 3.56, "solo E": -8.25, "solo G": -7.5, "solo H": -7.88, "solo S": -5.81, "solo E tout": -24.0, "solo G tout": -24.0, "solo H tout": -24.0, "solo S tout": -24.0, "wenz": -7.69, "wenz tout": -24.0, "geier": -8.06, "geier tout": -24.0}, "index": 4, "open_options": null, "chance": null, "expected": null, "open_expected": null}, {"seat": 1, "phase": "play", "trick": 1, "position": 1, "action": "G8", "best": "S8", "loss": 0.16, "open_loss": 1.0, "verdict": null, "options": {"EZ": -3.16, "E9": -3.16, "E8": -3.16, "E7": -3.16, "GU": -3.25, "G8": -3.06, "HK": -3.19, "S8": -2.91}, "index": 5, "open_options": {"EZ": -1.0, "E9": -1.0, "E8": -1.0, "E7": -1.0, "GU": -2.0, "G8": -2.0, "HK": -2.0, "S8": -2.0}, "chance": 0.969, "expected": 3.06, "open_expected": 2.0}, {"seat": 0, "phase": "play", "trick": 1, "position": 4, "action": "GZ", "best": "G9", "loss": 0.69, "open_loss": 0.0, "verdict": "mistake", "options": {"GZ": -1.12, "G9": -0.44}, "index": 8, "open_options": {"GZ": -2.0, "G9": -2.0}, "chance": 0.938, "expected": 1.12, "open_expected": 2.0}, {"seat": 3, "phase": "play", "trick": 2, "position": 1, "action": "H8", "best": "SA", "loss": 0.12, "open_loss": 0.0, "verdict": null, "options": {"EK": 1.0, "GK": 1.09, "HU": 1.09, "H9": 1.12, "H8": 1.12, "SA": 1.25, "S9": 0.53}, "index": 9, "open_options": {"EK": 1.0, "GK": 2.0, "HU": 2.0, "H9": 2.0, "H8": 2.0, "SA": 2.0, "S9": 1.0}, "chance": 0.938, "expected": 1.12, "open_expected": 2.0}, {"seat": 0, "phase": "doubling", "trick": null, "position": null, "action": "gut", "best": "gut", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"gut": -0.62, "kontra": -1.25}, "index": 9, "open_options": {"gut": -2.0, "kontra": -4.0}, "chance": null, "expected": null, "open_expected": null}, {"seat": 1, "phase": "doubling", "trick": null, "position": null, "action": "gut", "best": "gut", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"gut": -2.98, "kontra": -5.97}, "index": 9, "open_options": {"gut": -2.0, "kontra": -4.0}, "chance": null, "expected": null, "open_expected": null}, {"seat": 0, "phase": "play", "trick": 2, "position": 2, "action": "GO", "best": "HZ", "loss": 0.38, "open_loss": 0.0, "verdict": "inaccuracy", "options": {"GO": -0.31, "HZ": 0.06, "HO": -0.31, "H7": 0.0}, "index": 10, "open_options": {"GO": -2.0, "HZ": -2.0, "HO": -2.0, "H7": -2.0}, "chance": 0.781, "expected": 0.31, "open_expected": 2.0}, {"seat": 1, "phase": "play", "trick": 2, "position": 3, "action": "HK", "best": "HK", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"GU": -1.59, "HK": -1.56}, "index": 11, "open_options": {"GU": -2.0, "HK": -2.0}, "chance": 0.844, "expected": 1.56, "open_expected": 2.0}, {"seat": 2, "phase": "play", "trick": 2, "position": 4, "action": "EO", "best": "EO", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EO": 1.78, "EU": 1.38, "HA": 1.25, "SO": 1.38, "SU": 1.38}, "index": 12, "open_options": {"EO": 2.0, "EU": 2.0, "HA": 1.0, "SO": 2.0, "SU": 2.0}, "chance": 1.0, "expected": 1.78, "open_expected": 2.0}, {"seat": 2, "phase": "play", "trick": 3, "position": 1, "action": "SU", "best": "EU", "loss": 0.25, "open_loss": 1.0, "verdict": "inaccuracy", "options": {"EA": 1.47, "EU": 1.56, "HA": 1.19, "SK": 1.41, "SO": 1.5, "SU": 1.31}, "index": 13, "open_options": {"EA": 1.0, "EU": 2.0, "HA": 1.0, "SK": 2.0, "SO": 2.0, "SU": 1.0}, "chance": 0.875, "expected": 1.31, "open_expected": 1.0}, {"seat": 3, "phase": "play", "trick": 3, "position": 2, "action": "H9", "best": "H9", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HU": 0.94, "H9": 1.0}, "index": 14, "open_options": {"HU": 1.0, "H9": 1.0}, "chance": 0.875, "expected": 1.0, "open_expected": 1.0}, {"seat": 0, "phase": "play", "trick": 3, "position": 3, "action": "HZ", "best": "HZ", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HZ": -0.78, "HO": -1.41, "H7": -0.84}, "index": 15, "open_options": {"HZ": -1.0, "HO": -2.0, "H7": -1.0}, "chance": 0.781, "expected": 0.78, "open_expected": 1.0}, {"seat": 1, "phase": "play", "trick": 4, "position": 1, "action": "E9", "best": "E9", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EZ": -1.53, "E9": -1.41, "E8": -1.41, "E7": -1.41, "S8": -1.44}, "index": 17, "open_options": {"EZ": -1.0, "E9": -1.0, "E8": -1.0, "E7": -1.0, "S8": -1.0}, "chance": 0.906, "expected": 1.41, "open_expected": 1.0}, {"seat": 0, "phase": "play", "trick": 4, "position": 4, "action": "G9", "best": "H7", "loss": 0.53, "open_loss": 0.0, "verdict": "mistake", "options": {"G9": -0.84, "HO": -0.38, "H7": -0.31, "SZ": -1.0, "S7": -0.88}, "index": 20, "open_options": {"G9": -1.0, "HO": -1.0, "H7": -1.0, "SZ": -1.0, "S7": -1.0}, "chance": 0.844, "expected": 0.84, "open_expected": 1.0}, {"seat": 2, "phase": "play", "trick": 5, "position": 1, "action": "EU", "best": "EU", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EU": 1.47, "HA": 1.34, "SK": 1.47, "SO": 1.41}, "index": 21, "open_options": {"EU": 1.0, "HA": 1.0, "SK": 1.0, "SO": 1.0}, "chance": 0.969, "expected": 1.47, "open_expected": 1.0}, {"seat": 0, "phase": "play", "trick": 5, "position": 3, "action": "HO", "best": "HO", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HO": -1.09, "H7": -1.16}, "index": 23, "open_options": {"HO": -1.0, "H7": -2.0}, "chance": 0.906, "expected": 1.09, "open_expected": 1.0}, {"seat": 1, "phase": "play", "trick": 5, "position": 4, "action": "EZ", "best": "EZ", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"EZ": -0.88, "E8": -1.34, "E7": -1.34, "S8": -1.34}, "index": 24, "open_options": {"EZ": -1.0, "E8": -2.0, "E7": -2.0, "S8": -2.0}, "chance": 0.938, "expected": 0.88, "open_expected": 1.0}, {"seat": 0, "phase": "play", "trick": 6, "position": 1, "action": "H7", "best": "H7", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"H7": -0.81, "SZ": -1.0, "S7": -1.0}, "index": 25, "open_options": {"H7": -1.0, "SZ": -1.0, "S7": -1.0}, "chance": 0.906, "expected": 0.81, "open_expected": 1.0}, {"seat": 1, "phase": "play", "trick": 6, "position": 2, "action": "S8", "best": "S8", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"E8": -0.75, "E7": -0.75, "S8": -0.75}, "index": 26, "open_options": {"E8": -1.0, "E7": -1.0, "S8": -1.0}, "chance": 0.875, "expected": 0.75, "open_expected": 1.0}, {"seat": 2, "phase": "play", "trick": 6, "position": 3, "action": "HA", "best": "HA", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"HA": 1.0, "SO": 1.0}, "index": 27, "open_options": {"HA": 1.0, "SO": 1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}, {"seat": 3, "phase": "play", "trick": 6, "position": 4, "action": "SA", "best": "SA", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"GK": 1.0, "SA": 1.0, "S9": 1.0}, "index": 28, "open_options": {"GK": 1.0, "SA": 1.0, "S9": 1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}, {"seat": 2, "phase": "play", "trick": 7, "position": 1, "action": "SO", "best": "SO", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"SK": 1.0, "SO": 1.0}, "index": 29, "open_options": {"SK": 1.0, "SO": 1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}, {"seat": 3, "phase": "play", "trick": 7, "position": 2, "action": "GK", "best": "GK", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"GK": 1.0, "S9": 1.0}, "index": 30, "open_options": {"GK": 1.0, "S9": 1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}, {"seat": 0, "phase": "play", "trick": 7, "position": 3, "action": "SZ", "best": "SZ", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"SZ": -1.0, "S7": -1.0}, "index": 31, "open_options": {"SZ": -1.0, "S7": -1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}, {"seat": 1, "phase": "play", "trick": 7, "position": 4, "action": "E8", "best": "E8", "loss": 0.0, "open_loss": 0.0, "verdict": null, "options": {"E8": -1.0, "E7": -1.0}, "index": 32, "open_options": {"E8": -1.0, "E7": -1.0}, "chance": 1.0, "expected": 1.0, "open_expected": 1.0}], "seats": [{"seat": 0, "accuracy": 50.9, "luck": 0.25, "inaccuracies": 1, "mistakes": 2, "blunders": 0}, {"seat": 1, "accuracy": 99.4, "luck": -2.38, "inaccuracies": 0, "mistakes": 0, "blunders": 0}, {"seat": 2, "accuracy": 96.4, "luck": 0.81, "inaccuracies": 1, "mistakes": 0, "blunders": 0}, {"seat": 3, "accuracy": 84.6, "luck": 0.12, "inaccuracies": 0, "mistakes": 0, "blunders": 0}], "payouts": [-1, -1, 1, 1], "unit": "points"}', 1796187423.4690409);


--
-- Data for Name: closed_tables; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.closed_tables VALUES ('HRHJ2dYbRC5J', 1796187424.36356);


--
-- Data for Name: seat_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat_changes VALUES ('pWrKUgZykEf_', 0, 1, 'joined', 'Cilli', 'Cilli', 0, 1796187395.1342008);
INSERT INTO public.seat_changes VALUES ('pWrKUgZykEf_', 1, 1, 'left', 'Burgl (Bot für Cilli)', 'Cilli', 0, 1796187395.149303);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('HRHJ2dYbRC5J', 0, 'Anna', 'T0ua4HXtnXSojUVuflpSYXN6ErfBRomq');
INSERT INTO public.seats VALUES ('HRHJ2dYbRC5J', 1, 'Girgl', NULL);
INSERT INTO public.seats VALUES ('HRHJ2dYbRC5J', 2, 'Schorsch', NULL);
INSERT INTO public.seats VALUES ('HRHJ2dYbRC5J', 3, 'Vroni', NULL);
INSERT INTO public.seats VALUES ('pWrKUgZykEf_', 0, 'Bert', '78rGbMFvSV6nJ9VauQ9_yoG_X96BE40e');
INSERT INTO public.seats VALUES ('pWrKUgZykEf_', 2, 'Vroni', NULL);
INSERT INTO public.seats VALUES ('pWrKUgZykEf_', 3, 'Girgl', NULL);
INSERT INTO public.seats VALUES ('pWrKUgZykEf_', 1, 'Burgl (Bot für Cilli)', NULL);
INSERT INTO public.seats VALUES ('qNhXwegxOgb2', 0, 'Dora', 'sTVrIwg-Z136k326hGsUZke838KOuEiE');
INSERT INTO public.seats VALUES ('qNhXwegxOgb2', 1, 'Zenzi', NULL);
INSERT INTO public.seats VALUES ('qNhXwegxOgb2', 2, 'Maxl', NULL);
INSERT INTO public.seats VALUES ('qNhXwegxOgb2', 3, 'Liesl', NULL);


--
-- Data for Name: server_lease; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: table_info; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.table_info VALUES ('HRHJ2dYbRC5J', false, 0, NULL);
INSERT INTO public.table_info VALUES ('pWrKUgZykEf_', true, 0, NULL);
INSERT INTO public.table_info VALUES ('qNhXwegxOgb2', false, 0, NULL);


--
-- Data for Name: tables; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tables VALUES ('HRHJ2dYbRC5J', '{"rules": {"preset": "standard"}, "games": 1, "seats": ["human", "heuristic", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 3035538585, "name": "", "tips": false}', 'OEXmj3bdHCipA2ry', 1796187394.9714189);
INSERT INTO public.tables VALUES ('pWrKUgZykEf_', '{"rules": {"preset": "standard"}, "games": 2, "seats": ["human", "human", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 238929458, "name": "", "tips": false}', 'N5DfsQSos3Uf9Wgw', 1796187395.119382);
INSERT INTO public.tables VALUES ('qNhXwegxOgb2', '{"rules": {"preset": "standard"}, "games": 1, "seats": ["human", "heuristic", "heuristic", "heuristic"], "turn_seconds": 0.0, "seed": 2356003463, "name": "", "tips": false}', 'DwBZiABHAbztLtr0', 1796187395.1605208);


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (table_id, seq);


--
-- Name: analyses analyses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analyses
    ADD CONSTRAINT analyses_pkey PRIMARY KEY (table_id, game);


--
-- Name: closed_tables closed_tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.closed_tables
    ADD CONSTRAINT closed_tables_pkey PRIMARY KEY (table_id);


--
-- Name: seat_changes seat_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_changes
    ADD CONSTRAINT seat_changes_pkey PRIMARY KEY (table_id, seq);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (table_id, seat);


--
-- Name: seats seats_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_token_key UNIQUE (token);


--
-- Name: server_lease server_lease_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.server_lease
    ADD CONSTRAINT server_lease_pkey PRIMARY KEY (name);


--
-- Name: table_info table_info_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.table_info
    ADD CONSTRAINT table_info_pkey PRIMARY KEY (table_id);


--
-- Name: tables tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tables
    ADD CONSTRAINT tables_pkey PRIMARY KEY (id);


--
-- Name: actions actions_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- Name: analyses analyses_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analyses
    ADD CONSTRAINT analyses_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- Name: closed_tables closed_tables_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.closed_tables
    ADD CONSTRAINT closed_tables_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- Name: seat_changes seat_changes_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat_changes
    ADD CONSTRAINT seat_changes_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- Name: seats seats_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- Name: table_info table_info_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.table_info
    ADD CONSTRAINT table_info_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.tables(id);


--
-- PostgreSQL database dump complete
--

\unrestrict cBex4me6w3nSaMrDxFYtAyFvzxIMMtGXLjT1PCtDTpZ1X6qwK5h5HiuzFH6AgaN

