package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabula/games/tamman"
)

// train runs tabula train with args and returns its output file's network.
func trainNet(t *testing.T, out string, args ...string) *tamman.Net {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"train", "--game", "tamman", "--net", "--out", out}, args...), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("train %v: exit %d: %s", args, code, stderr.String())
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := tamman.ParseNet(text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTrainThenIsTrainFrom(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	trainNet(t, a, "--games", "2", "--hidden", "4", "--seed", "7")
	from := trainNet(t, filepath.Join(dir, "b.txt"), "--games", "2", "--alpha", "0.03", "--seed", "8", "--from", a)
	staged := trainNet(t, filepath.Join(dir, "c.txt"), "--games", "2", "--hidden", "4", "--seed", "7", "--then", "2@0.03")
	if !staged.Equal(from) {
		t.Error("--then 2@0.03 did not give the network of a second run --from the first's file")
	}
	if in, h := staged.Shape(); in != tamman.NetInputs || h != 4 {
		t.Errorf("--hidden 4: shape %d x %d", in, h)
	}
}

func TestTrainRefusesBadStagesAndShapes(t *testing.T) {
	for _, args := range [][]string{
		{"--net", "--then", "2@0"},
		{"--net", "--then", "2"},
		{"--net", "--then", "0@0.1"},
		{"--then", "2@0.1"}, // the linear evaluation has no stages
		{"--net", "--hidden", "0"},
		{"--net", "--inputs", "61"},
		{"--net", "--from", "/nonexistent/net.txt"},
		{"--net", "--from", "../../games/tamman/net.txt", "--hidden", "64"}, // the file's shape
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"train", "--game", "tamman", "--games", "1"}, args...), strings.NewReader(""), &stdout, &stderr); code == 0 {
			t.Errorf("train %v: exit 0", args)
		}
	}
}
