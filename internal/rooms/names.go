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
	return cleanText(name, nameFaults, 4*maxName, func(out string) bool { return len(out) > maxName })
}

// textFaults are the refusals of a text people show one another.
type textFaults struct {
	long, utf8    func() error
	control, char func(c string, at int) error
	profile       func(err error) error
}

var nameFaults = textFaults{
	long:    func() error { return engine.NewError("rooms.name_long", "max", maxName) },
	utf8:    func() error { return engine.NewError("rooms.name_utf8") },
	control: func(c string, at int) error { return engine.NewError("rooms.name_control", "char", c, "at", at) },
	char:    func(c string, at int) error { return engine.NewError("rooms.name_char", "char", c, "at", at) },
	profile: func(err error) error { return engine.NewError("rooms.name_profile", "err", err) },
}

// cleanText is the rule of CleanName for any text people show one
// another (a name, a chat line), refused with faults: a text of more
// than limit bytes, or one that tooLong says is, is too long.
func cleanText(name string, faults textFaults, limit int, tooLong func(string) bool) (string, error) {
	if len(name) > limit { // bounded work before the profile's
		return "", faults.long()
	}
	if !utf8.ValidString(name) {
		return "", faults.utf8()
	}
	blank := true
	for i, c := range name {
		if c == utf8.RuneError || unicode.IsControl(c) || unicode.In(c, unicode.Cf, unicode.Bidi_Control, unicode.Other_Default_Ignorable_Code_Point) {
			return "", faults.control(fmt.Sprintf("%U", c), i)
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
				return "", faults.char(fmt.Sprintf("%U", c), i)
			}
		}
		return "", faults.profile(err)
	}
	if tooLong(out) {
		return "", faults.long()
	}
	return out, nil
}
