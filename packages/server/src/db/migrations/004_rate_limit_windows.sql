-- Rate-limit rows know their own window. Until now a row was keyed by the limiter's key alone and the
-- sweep deleted rows by the window length of whichever call triggered it, so a burst of 10-second
-- visitor counters swept away the 15-minute sign-in counters with them.
--
-- From here on the key of a fixed-window counter carries its window length and start
-- ('visitor:198.51.100.7#w10000@1700000000000'), so limiters with different windows never share a
-- row, and expires_at says when this row may go: a window's counter is kept until the window after it
-- has ended too (sign-in reads the previous window), a back-off record until it has been quiet long
-- enough to be forgotten. The sweep deletes only rows whose own expires_at has passed.
--
-- Rows written before this migration (and by a process still running the previous code during a
-- rolling restart) get expires_at 0, so the next sweep clears them: they are only counters.
ALTER TABLE rate_limits ADD COLUMN expires_at bigint NOT NULL DEFAULT 0;

CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
