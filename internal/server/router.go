package server

import "strings"

// router routes the API's requests by the patterns of a ServeMux, for
// the engine in the browser, which has no net/http (routes_browser.go);
// a server routes them with its ServeMux, and TestRouterAgreesWithServeMux
// checks that both pick the same route.
type router struct{ routes []route }

// route is one route: its method ("" for any) and the segments
// of its path, "{name}" for a wildcard; prefix routes ("/api/") take
// every path that begins with theirs.
type route struct {
	pattern string
	method  string
	segs    []string
	prefix  string
	h       handlerFunc
}

// add serves pattern (as a ServeMux's: "METHOD /path/{name}", or a
// path ending in "/" for every path under it) with h.
func (t *router) add(pattern string, h handlerFunc) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		method, path = "", pattern
	}
	rt := route{pattern: pattern, method: method, h: h}
	if strings.HasSuffix(path, "/") {
		rt.prefix = path
	} else {
		rt.segs = strings.Split(path, "/")
	}
	t.routes = append(t.routes, rt)
}

// match gives the handler of method and path, its wildcards and its
// pattern; a route of whole segments before a prefix route, literal
// segments before wildcards.
func (t *router) match(method, path string) (handlerFunc, map[string]string, string) {
	segs := strings.Split(path, "/")
	var best *route
	var bestParams map[string]string
	bestLits := -1
	for i := range t.routes {
		rt := &t.routes[i]
		if rt.method != "" && rt.method != method && !(rt.method == "GET" && method == "HEAD") {
			continue
		}
		if rt.prefix != "" {
			continue
		}
		if len(rt.segs) != len(segs) {
			continue
		}
		params, lits := map[string]string{}, 0
		ok := true
		for j, seg := range rt.segs {
			if strings.HasPrefix(seg, "{") {
				if segs[j] == "" {
					ok = false
					break
				}
				params[strings.Trim(seg, "{}")] = segs[j]
				continue
			}
			if seg != segs[j] {
				ok = false
				break
			}
			lits++
		}
		if ok && lits > bestLits {
			best, bestParams, bestLits = rt, params, lits
		}
	}
	if best != nil {
		return best.h, bestParams, best.pattern
	}
	for _, rt := range t.routes {
		if rt.prefix != "" && strings.HasPrefix(path, rt.prefix) && (rt.method == "" || rt.method == method) {
			return rt.h, nil, rt.pattern
		}
	}
	return nil, nil, ""
}
