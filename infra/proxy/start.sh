#!/bin/sh
# Entry point of the proxy container: decides how APP_DOMAIN is served, then runs Caddy.
#
#   localhost, *.localhost, *.local, *.internal, *.test, an IPv4 address
#       → plain http: no public certificate authority can issue for these names, and browsers
#         resolve *.localhost to loopback without any set-up.
#   any other name (example.com)
#       → https with automatic certificates; ports 80 and 443 must reach this container and
#         the DNS of <domain> and reviewer./requester./admin.<domain> must point here.
#
# SITE_SCHEME=http|https overrides the choice (e.g. http behind a load balancer that already
# terminates TLS).
set -eu

APP_DOMAIN=${APP_DOMAIN:-localhost}
SITE_SCHEME=${SITE_SCHEME:-}

if [ -z "$SITE_SCHEME" ]; then
	case "$APP_DOMAIN" in
		localhost | *.localhost | *.local | *.internal | *.test) SITE_SCHEME=http ;;
		*[!0-9.]*) SITE_SCHEME=https ;;
		*) SITE_SCHEME=http ;; # an IPv4 address
	esac
fi

case "$SITE_SCHEME" in
	http | https) ;;
	*)
		echo "SITE_SCHEME: must be http or https, got '$SITE_SCHEME'" >&2
		exit 78
		;;
esac

export APP_DOMAIN SITE_SCHEME
echo "proxy: ${SITE_SCHEME}://${APP_DOMAIN} and ${SITE_SCHEME}://{reviewer,requester,admin}.${APP_DOMAIN} → ${UPSTREAM_HOST:-api}:${UPSTREAM_PORT:-8080}"

exec caddy run --config /etc/caddy/Caddyfile --adapter caddyfile
