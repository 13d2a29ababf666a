-- Issue 14: the back-office role is called 'admin' (DECISIONS "Admin role"); no account had 'owner' yet.
UPDATE "users" SET "role" = 'admin' WHERE "role" = 'owner';
