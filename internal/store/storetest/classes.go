package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"tabula/internal/classes"
	"tabula/internal/rooms"
	"tabula/internal/store"
)

// classStore checks the storage of classes, where the backend keeps them
// (classes.Store): a class is found by its id and its code, a second
// class with either is refused, each change goes over the version before
// it and one of two changes at once is refused, and a restart keeps all.
func classStore(t *testing.T, s rooms.Store, reopen func(t *testing.T, s rooms.Store) rooms.Store) {
	cs, ok := s.(classes.Store)
	if !ok {
		t.Skip("this store keeps no classes")
	}
	now := time.UnixMilli(time.Now().UnixMilli())
	c := store.Class{ID: "c1", Code: "ACDEFG", Version: 1, Body: []byte(`{"a":1}`), Created: now, Updated: now}
	if err := cs.CreateClass(ctx, c); err != nil {
		t.Fatal(err)
	}
	for _, dup := range []store.Class{{ID: "c1", Code: "HJKMNP", Version: 1, Body: []byte(`{}`)}, {ID: "c2", Code: "ACDEFG", Version: 1, Body: []byte(`{}`)}} {
		if err := cs.CreateClass(ctx, dup); !errors.Is(err, store.ErrConflict) {
			t.Errorf("a class with a taken id or code (%s, %s): %v, want ErrConflict", dup.ID, dup.Code, err)
		}
	}
	if _, err := cs.LoadClass(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown class: %v", err)
	}
	if _, err := cs.ClassByCode(ctx, "QQQQQQ"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown code: %v", err)
	}
	// Two writers change version 1 at once: one wins.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = cs.SaveClass(ctx, store.Class{ID: "c1", Version: 2, Body: []byte(`{"w":` + string(rune('0'+i)) + `}`), Updated: now.Add(time.Second)})
		}()
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) || !errors.Is(errs[0], store.ErrConflict) && !errors.Is(errs[1], store.ErrConflict) {
		t.Fatalf("two saves over version 1: %v, %v; want one stored and one ErrConflict", errs[0], errs[1])
	}
	if reopen != nil {
		s = reopen(t, s)
		cs = s.(classes.Store)
	}
	got, err := cs.ClassByCode(ctx, "ACDEFG")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "c1" || got.Version != 2 || (string(got.Body) != `{"w":0}` && string(got.Body) != `{"w":1}`) || !got.Created.Equal(now) || !got.Updated.Equal(now.Add(time.Second)) {
		t.Errorf("after a save and a restart: %+v (%s)", got, got.Body)
	}
	if err := cs.SaveClass(ctx, store.Class{ID: "c1", Version: 2, Body: []byte(`{}`)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a save over a version that is gone: %v", err)
	}
}
