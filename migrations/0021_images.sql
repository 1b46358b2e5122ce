-- Text instead of images, for whoever wants it (/me images off): that person's DMs (prompts, hands, drafts, a
-- tutorial's table and results) and private replies (/hand, /table, /card) carry the image's words in an embed, with
-- the same buttons, and no image. The game's channel keeps its images: everyone reads it.
--
--   players.images  1: images (the default); 0: text instead
ALTER TABLE players ADD COLUMN images INTEGER NOT NULL DEFAULT 1 CHECK (images IN (0, 1));
