-- PostgreSQL's form of ../0021_images.sql: text instead of images (/me images off).
ALTER TABLE players ADD COLUMN images BIGINT NOT NULL DEFAULT 1 CHECK (images IN (0, 1));
