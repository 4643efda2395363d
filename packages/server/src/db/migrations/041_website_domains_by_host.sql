-- Issue 32, custom domains: the platform looks a domain up by its host alone, whichever website added it — the
-- challenge token answered on a domain not yet verified, the TLS ask endpoint, "in use by another website" — and the
-- primary key leads with website_id. Verified hosts already have their partial unique index; this one covers the
-- unverified rows too, so none of those reads scans the table.
CREATE INDEX website_domains_host ON website_domains (host);
