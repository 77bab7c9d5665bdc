// Package rooms runs online games: rooms of seats (people with secret
// invite tokens, or computer players), one numbered log of events per room
// that every viewer follows in order, hidden simultaneous choices, and
// storage of every change before it is acknowledged or broadcast.
package rooms
