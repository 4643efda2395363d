# Varnish in front of Vitrine (issue 35 item 5), for Debian's varnish 7.
#
#   varnishd -a :80 -f /etc/varnish/vitrine.vcl -s malloc,256m
#   Vitrine: CDN_PURGE_URL=http://127.0.0.1:80/ TRUST_PROXY=127.0.0.1
#
# Vitrine decides what may be shared and says so in every page answer: anonymous, impersonal pages are
# `public, max-age=0, s-maxage=60, stale-while-revalidate=30` with a strong ETag and `Surrogate-Key`; everything
# personal is `private, no-store`. This file follows those answers, passes what can be personal without asking
# (the cookies below, the API, the owner app) and bans by surrogate key when Vitrine sends its purge.
# Change the backend to where Vitrine listens.
vcl 4.1;

backend vitrine {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may purge: Vitrine's processes.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # Vitrine's purge: PURGE with `Surrogate-Key: w-{websiteId}` bans every page carrying that key (no vmod needed).
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Not allowed."));
    }
    if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_-]+$") {
      return (synth(400, "One Surrogate-Key is needed."));
    }
    ban("obj.http.Surrogate-Key ~ (^|\s)" + req.http.Surrogate-Key + "(\s|$)");
    return (synth(200, "Purged."));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The API, the owner app, and anything signed or keyed: never from the cache.
  if (req.url ~ "^/(api|config)(/|\?|$)" || req.http.Authorization) {
    return (pass);
  }
  # Pictures (issue 36): one URL answers AVIF, WebP or the original by Accept (`Vary: Accept`). Browsers send
  # many different Accept strings; Vitrine only asks whether AVIF, else WebP, is accepted (q > 0), so each is
  # folded here into one of three values and the cache keeps at most three copies of a picture. Pages keep
  # their Accept untouched (no page varies on it). A picture is the same for every visitor (Vitrine reads no cookie
  # for it), so it is looked up whatever cookies come with it.
  if (req.url ~ "^/images/") {
    if (req.http.Accept ~ "(?i)image/avif" && req.http.Accept !~ "(?i)image/avif\s*;\s*q=0(\.0*)?\s*(,|$)") {
      set req.http.Accept = "image/avif,image/webp,*/*";
    } elsif (req.http.Accept ~ "(?i)image/webp" && req.http.Accept !~ "(?i)image/webp\s*;\s*q=0(\.0*)?\s*(,|$)") {
      set req.http.Accept = "image/webp,*/*";
    } else {
      set req.http.Accept = "*/*";
    }
    return (hash);
  }
  # Cookies that change a page (Vitrine's PERSONAL_PAGE_COOKIES): a signed-in visitor, a cart, an unlocked
  # page, experiment overrides. Any other cookie (the crumb, the analytics id) changes no page.
  if (req.http.Cookie ~ "(^|;\s*)(__Host-)?(siteUserSession|SiteUserInfo|siteUserXsrfHandoff|CART|vitrine_unlock|vitrine_experiment_overrides)=") {
    return (pass);
  }
  # Campaign parameters never change a page: one copy for every link shared.
  set req.url = regsuball(req.url, "(?i)([?&])(utm_[a-z]+|gclid|fbclid|msclkid)=[^&]*", "\1");
  set req.url = regsub(req.url, "[?&]+$", "");
  # Skip the built-in rule that passes every request with a cookie: the answer says whether it is shared.
  return (hash);
}

sub vcl_backend_response {
  # Only what Vitrine marked public is kept; a page setting a cookie never is.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "public") {
    set beresp.uncacheable = true;
    set beresp.ttl = 0s;
    return (deliver);
  }
  # s-maxage is Varnish's TTL already; stale-while-revalidate is its grace. Varnish asks the backend for gzip
  # (http_gzip_support), keeps that one copy and unzips it for a client that does not take gzip.
  set beresp.grace = 30s;
}

sub vcl_deliver {
  # Browsers get max-age=0: they revalidate with the ETag, and only Varnish keeps the page.
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
