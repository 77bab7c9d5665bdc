//go:build !js

package server

import (
	"context"
	"crypto/sha256"
	"runtime"
	"strconv"
	"time"

	"tabula/engine"
	"tabula/research"
)

// The studies' queue: a few run at once, by the server's processors, and
// the others wait their turn, served fairly by address.
var (
	// maxRunningStudies is how many studies run at once: half the cores
	// but one (at least one), so that rooms keep the other half.
	maxRunningStudies = max(1, (runtime.NumCPU()-1)/2)
	// studyThreads is the cores one running study plays on.
	studyThreads = max(1, (runtime.NumCPU()-1)/maxRunningStudies)
)

// maxStudiesPerAddr is how many studies one address may have running or
// queued at once.
const maxStudiesPerAddr = 3

// add queues a study of plan for the holder of owner, asked from addr,
// and starts it if its turn has come. It refuses a study when addr has
// maxStudiesPerAddr running or queued, or when the lab holds maxStudies
// unfinished ones.
func (l *lab) add(plan *research.Plan, replicate int, owner, addr string) (*study, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, &httpError{statusServiceUnavailable, engine.NewError("server.shutdown")}
	}
	mine, finished := 0, -1
	for i, st := range l.studies {
		switch st.view().State {
		case "queued", "running":
			if st.addr == addr {
				mine++
			}
		default:
			if finished < 0 {
				finished = i
			}
		}
	}
	if mine >= maxStudiesPerAddr {
		return nil, retryIn(time.Minute, &httpError{statusTooManyRequests, engine.NewError("server.study_addr", "max", maxStudiesPerAddr)})
	}
	if len(l.studies) >= maxStudies {
		if finished < 0 {
			return nil, retryIn(time.Minute, &httpError{statusServiceUnavailable, engine.NewError("server.study_full", "max", maxStudies)})
		}
		l.studies = append(l.studies[:finished], l.studies[finished+1:]...) // the oldest finished goes
	}
	h := sha256.Sum256([]byte(owner))
	st := &study{ID: randomText(), Game: plan.Game.Name(), Config: plan.Config, Started: time.Now(),
		owner: h[:], addr: addr, plan: plan, state: "queued", total: plan.Units() * (1 + replicate), cancel: func() {}, Replicate: replicate}
	st.Command = plan.Config.Command()
	if replicate > 0 {
		st.Command += " --replicate " + strconv.Itoa(replicate)
	}
	l.studies = append(l.studies, st)
	l.dispatch()
	return st, nil
}

// order is the queued studies in the order they will start: each next
// one from the address with the fewest studies running (those before it
// in the order counted as running), the earliest asked among equals. The
// caller holds l.mu.
func (l *lab) order() []*study {
	runs := map[string]int{}
	var queued []*study
	for _, st := range l.studies {
		switch st.view().State {
		case "running":
			runs[st.addr]++
		case "queued":
			queued = append(queued, st)
		}
	}
	var out []*study
	for len(queued) > 0 {
		best := 0
		for i, st := range queued {
			if runs[st.addr] < runs[queued[best].addr] {
				best = i
			}
		}
		st := queued[best]
		out = append(out, st)
		runs[st.addr]++
		queued = append(queued[:best], queued[best+1:]...)
	}
	return out
}

// dispatch starts the next studies while fewer than maxRunningStudies
// run, and tells each queued one its place. The caller holds l.mu.
func (l *lab) dispatch() {
	runs := l.runs
	if runs == nil {
		runs = func(ctx context.Context, st *study, plan *research.Plan) { st.run(ctx, plan) }
	}
	place := 0
	for _, st := range l.order() {
		st.mu.Lock()
		if l.closed || l.running >= maxRunningStudies {
			place++
			st.queue = place
			st.mu.Unlock()
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		plan := st.plan
		st.state, st.queue, st.Started, st.cancel, st.plan, st.threads = "running", 0, time.Now(), cancel, nil, studyThreads
		st.mu.Unlock()
		l.running++
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			runs(ctx, st, plan)
			l.mu.Lock()
			l.running--
			l.dispatch()
			l.mu.Unlock()
		}()
	}
}

// cancelStudy cancels st: a running study stops, a queued one leaves the
// queue.
func (l *lab) cancelStudy(st *study) {
	l.mu.Lock()
	defer l.mu.Unlock()
	st.mu.Lock()
	if st.state == "queued" {
		st.state, st.queue, st.finished, st.plan = "cancelled", 0, time.Now(), nil
	}
	cancel := st.cancel
	st.mu.Unlock()
	cancel()
	l.dispatch()
}
