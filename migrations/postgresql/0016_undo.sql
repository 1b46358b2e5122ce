-- PostgreSQL's form of ../0016_undo.sql: what a person's move replaced, for /game undo.
ALTER TABLE actions ADD COLUMN replaced TEXT;
