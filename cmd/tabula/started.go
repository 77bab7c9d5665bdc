package main

// started marks the moment a long command has got past its flags and its
// setup and done a first piece of its work: a game played, a room made on
// its server, a server listening. Tabula does nothing then; the test of
// the documented commands (TestDocumentedCommandsRun), whose binary acts
// as tabula, stops a long command there.
var started = func() {}
