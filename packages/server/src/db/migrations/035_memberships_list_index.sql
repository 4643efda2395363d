-- The owner's members list (members/memberships.ts listMembers) pages an area's memberships newest first by keyset
-- (started_at desc, id desc): this index reads each page straight, however many members an area has.
CREATE INDEX memberships_area_newest ON memberships (member_area_id, started_at DESC, id DESC);
