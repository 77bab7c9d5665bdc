//go:build js

package rooms

func defaultLog() Logger { return Discard{} }
