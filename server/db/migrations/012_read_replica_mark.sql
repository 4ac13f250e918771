-- Read replicas (issue 26, docs/read-replicas.md): the committed high-water mark of change_seq as the
-- primary last published it, for pulls served by a hot standby. Set only by setval() while the primary
-- holds the write lock (WRITE_LOCK, 004_sync.sql) exclusively, so its WAL record follows the commit of
-- every change at or below it: a standby that has replayed it sees all of them. A sequence, not a
-- table: setval is written to the WAL at once and leaves no dead rows behind.
CREATE SEQUENCE IF NOT EXISTS sync_read_mark AS bigint MINVALUE 0 START WITH 0;
