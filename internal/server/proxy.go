//go:build !js

package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a reverse proxy every request comes from the proxy's address,
// so the per-address limits would count all clients together. A proxy
// appends the address it received a request from to X-Forwarded-For (or
// Forwarded); only the entries written by proxies we trust are true, and
// everything left of the first one we do not trust may be made up by the
// client. So the client is the rightmost entry that is not a trusted
// proxy, and the headers count only when the request comes from one.

// Forwarding headers that ProxyHeader may name.
const (
	HeaderXForwardedFor = "X-Forwarded-For"
	HeaderForwarded     = "Forwarded"
)

// ParseTrustedProxies parses a comma-separated list of addresses and
// CIDR prefixes ("10.0.0.0/8,192.0.2.7"); an empty list trusts nobody.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	for i, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %d (%q): not an address or CIDR prefix: %v", i+1, item, err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %d (%q): not an address or CIDR prefix: %v", i+1, item, err)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// proxies decides which address a request comes from.
type proxies struct {
	trusted []netip.Prefix
	header  string // HeaderXForwardedFor or HeaderForwarded
}

// Trusts returns whether an address is one of the trusted proxies (for
// the connection caps: a proxy's connections carry many clients).
func Trusts(trusted []netip.Prefix) func(netip.Addr) bool {
	return proxies{trusted: trusted}.trusts
}

func (p proxies) trusts(a netip.Addr) bool {
	for _, n := range p.trusted {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr returns the client's address of a request that came from
// peer (its RemoteAddr) with the forwarding header values hdr: peer
// itself unless it is a trusted proxy, else the rightmost address in hdr
// that is not one. An entry that is no address ("unknown", a hidden
// name) ends the search at the nearest trusted hop. ok is false when
// peer is no address (then the caller keeps it as it is).
func (p proxies) clientAddr(peer string, hdr []string) (netip.Addr, bool) {
	client, ok := parseNode(peer)
	if !ok || !p.trusts(client) {
		return client, ok
	}
	hops := forwardedFor(p.header, hdr)
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseNode(hops[i])
		if !ok {
			break
		}
		client = a
		if !p.trusts(a) {
			break
		}
	}
	return client, true
}

// forwardedFor lists the hops of the forwarding header, leftmost first,
// as they are written (several header lines count as one list).
func forwardedFor(header string, values []string) []string {
	var hops []string
	for _, v := range values {
		for _, elem := range splitQuoted(v, ',') {
			if header != HeaderForwarded {
				hops = append(hops, strings.TrimSpace(elem))
				continue
			}
			// RFC 7239: for=NODE among name=value pairs split by ";". An
			// element without for= is a hop we know nothing about.
			node := ""
			for _, pair := range splitQuoted(elem, ';') {
				name, value, _ := strings.Cut(strings.TrimSpace(pair), "=")
				if strings.EqualFold(name, "for") {
					node = strings.Trim(value, `"`)
				}
			}
			hops = append(hops, node)
		}
	}
	return hops
}

// splitQuoted splits s at sep outside double quotes.
func splitQuoted(s string, sep byte) []string {
	var parts []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			quoted = !quoted
		case s[i] == '\\' && quoted:
			i++
		case s[i] == sep && !quoted:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// parseNode reads an address written as "192.0.2.1", "192.0.2.1:80",
// "2001:db8::1", "[2001:db8::1]" or "[2001:db8::1]:80".
func parseNode(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	} else {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// fromClient returns r with RemoteAddr set to the client's address when r
// came through a trusted proxy, so that every per-address limit counts
// the client; else r itself.
func (p proxies) fromClient(r *http.Request) *http.Request {
	if len(p.trusted) == 0 {
		return r
	}
	a, ok := p.clientAddr(r.RemoteAddr, r.Header.Values(p.header))
	if !ok {
		return r
	}
	out := new(http.Request)
	*out = *r
	out.RemoteAddr = netip.AddrPortFrom(a, 0).String()
	return out
}
