package rooms

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"tabula/engine"
)

// maxName bounds a display name, in bytes, after its normalisation.
const maxName = 40

// CleanName is the one rule for a display name, given at a room's
// creation (HTTP) or changed later (WebSocket): the PRECIS Nickname
// profile (RFC 8266), which trims and folds spaces, normalises to NFKC
// and refuses control, format and zero-width characters (a byte-order
// mark, a zero-width space, a right-to-left override) and unassigned
// code points, so that "ad\u200bmin" cannot pass for "admin". The
// replacement character is refused too: it only stands for bytes that
// were not text. An empty or all-space name is no name (""), allowed.
// (The engine in the browser, where a name is seen only at the device
// that typed it, folds spaces but leaves out the profile's normalisation:
// names_browser.go.)
func CleanName(name string) (string, error) {
	long := engine.NewError("rooms.name_long", "max", maxName)
	return cleanText(name, "rooms.name", 4*maxName, long, func(out string) bool { return len(out) > maxName })
}

// cleanText is the rule of CleanName for any text people show one
// another (a name, a chat line): its refusals are the codes of kind
// (KIND_utf8, KIND_control, KIND_char, KIND_profile) and long, for a
// text of more than limit bytes or one that tooLong says is.
func cleanText(name, kind string, limit int, long error, tooLong func(string) bool) (string, error) {
	if len(name) > limit { // bounded work before the profile's
		return "", long
	}
	if !utf8.ValidString(name) {
		return "", engine.NewError(kind + "_utf8")
	}
	blank := true
	for i, c := range name {
		if c == utf8.RuneError || unicode.IsControl(c) || unicode.In(c, unicode.Cf, unicode.Bidi_Control, unicode.Other_Default_Ignorable_Code_Point) {
			return "", engine.NewError(kind+"_control", "char", fmt.Sprintf("%U", c), "at", i)
		}
		blank = blank && unicode.IsSpace(c)
	}
	if blank {
		return "", nil
	}
	out, err := nickname(name)
	if err != nil {
		// A code point the profile refuses that the scan above let pass
		// (unassigned, or a combination): say where, if one alone fails.
		for i, c := range name {
			if _, err := nickname(string(c)); err != nil && !unicode.IsSpace(c) {
				return "", engine.NewError(kind+"_char", "char", fmt.Sprintf("%U", c), "at", i)
			}
		}
		return "", engine.NewError(kind+"_profile", "err", err)
	}
	if tooLong(out) {
		return "", long
	}
	return out, nil
}
