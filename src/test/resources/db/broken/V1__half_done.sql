-- A migration that fails half way: its first statement is valid.
CREATE TABLE half_done (id INTEGER);
NOT SQL AT ALL;
