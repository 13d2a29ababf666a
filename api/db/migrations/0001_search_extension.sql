-- Custom SQL migration file, put your code below! --
-- Trigram matching for typo-tolerant product search. PGlite ships pg_trgm as an extension (loaded
-- in api/db/client.ts); on PostgreSQL it comes with the server's contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
