-- PostgreSQL's form of ../0011_lobby_message.sql: the lobby message keeps its id.
ALTER TABLE games ADD COLUMN lobby_message_id BIGINT;
