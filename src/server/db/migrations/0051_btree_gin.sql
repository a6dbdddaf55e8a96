-- Issue 42, hand-written (decision 067): the customer id in a GIN index (migration 0052) needs
-- btree_gin's operator classes.
CREATE EXTENSION IF NOT EXISTS btree_gin;
