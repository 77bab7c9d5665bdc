#!/bin/bash
# usage: selfplay-same.sh OLD_BINARY NEW_BINARY [DIR]
# Runs the same `tabula sim`, `tournament` and `analyze` commands with two
# binaries and compares their output byte for byte, timing fields aside
# (sim's "seconds"/"gamesPerSecond" and its first text line's time and
# rate, tournament's "seconds" and time): records (--records), summaries
# (text and --json), analyze's games.jsonl (threads 1, and threads 2
# sorted), its reports (text, report.json, report.csv, report.html): keyed and
# streamed throws, several readings (whose keyed draws are shared) and
# skill games among them. A study with keyed throws (no --chance: turn) is
# the old binary's run resumed by the new one: the new binary is given the
# old one's run.json and half its games, as a run directory written before
# is resumed, and must play the rest as the old one did (since the keyed
# draws by splitmix, a run.json without "chanceHash" keeps its SHA-256
# draws; the reports then name --chance-hash sha256, which is set aside).
# Prints one line per run and exits 1 if any differs.
set -u
old=$1 new=$2 dir=${3:-$(mktemp -d)}
mkdir -p "$dir"
fail=0
strip() { sed -E 's/"(seconds|gamesPerSecond)":[0-9.e+-]+/"\1":T/g; s/[0-9.]+s, [0-9.e+]+ games\/s/T/; s/, [0-9.]+s$/, T/'; }
sims=(
  "--game tamman --agents random,random --games 400"
  "--game tamman --option players=4 --agents random,random,random,random --games 200"
  "--game tamman --option players=3 --agents greedy,random,random --games 60"
  "--game tamman --agents greedy,random --games 100 --seed 7"
  "--game tamman --agents mcts:300,random --games 6"
  "--game adji-boto --agents random,random --games 400"
  "--game adji-boto --agents greedy,random --games 100 --seed 3"
  "--game adji-boto --option opening=none --agents alphabeta:2,random --games 10"
  "--game agsinnoninka --agents random,random --games 20"
  "--game agsinnoninka --agents greedy,random --games 6"
)
i=0
for a in "${sims[@]}"; do
  i=$((i+1))
  for b in old new; do
    bin=${!b}
    $bin sim $a --threads 2 --quiet --records $dir/sim$i.$b.jsonl | strip > $dir/sim$i.$b.txt
    $bin sim $a --threads 1 --quiet --json | strip > $dir/sim$i.$b.json
  done
  for f in jsonl txt json; do
    if cmp -s $dir/sim$i.old.$f $dir/sim$i.new.$f; then echo "same  sim $a ($f)"; else echo "DIFF  sim $a ($f)"; fail=1; fi
  done
done
tours=(
  "--game adji-boto --agents random,greedy,alphabeta:1 --games 20"
  "--game tamman --option players=3 --agents random,greedy,random,greedy --games 10"
)
i=0
for a in "${tours[@]}"; do
  i=$((i+1))
  for b in old new; do
    bin=${!b}
    $bin tournament $a --threads 2 --quiet | strip > $dir/tour$i.$b.txt
    $bin tournament $a --threads 1 --quiet --json | strip > $dir/tour$i.$b.json
  done
  for f in txt json; do
    if cmp -s $dir/tour$i.old.$f $dir/tour$i.new.$f; then echo "same  tournament $a ($f)"; else echo "DIFF  tournament $a ($f)"; fail=1; fi
  done
done
# nohash takes out what names a resumed old run's SHA-256 draws.
# (trailing commas are dropped, as the hash may end report.json's config).
nohash() { sed -E 's/ --chance-hash sha256//; /^run,,,chance hash,/d; /"chanceHash": "sha256"/d; s/,$//'; }
# resume gives directory $2 the run of directory $1 with half its games.
resume() { mkdir -p $2; cp $1/run.json $2/; head -n $(( $(wc -l < $1/games.jsonl) / 2 )) $1/games.jsonl > $2/games.jsonl; }
studies=(
  "--game tamman --agents random --games 300"
  "--game tamman --agents random --games 200 --chance stream --vary players=2,4"
  "--game tamman --agents greedy --skill greedy --games 60 --chance ply"
  "--game adji-boto --agents random --games 300 --vary opening=free,none"
  "--game adji-boto --agents random --games 30 --evaluate 50 --evaluate-games 5"
  "--game tamman --agents greedy --games 20 --evaluate 30 --evaluate-games 4"
  "--game adji-boto --agents greedy --games 60 --chance stream"
  "--game agsinnoninka --agents random --games 10"
  "--game tamman --agents random --games 200 --vary players=2,4 --vary mouth-up=0.5,0.35"
  "--game tamman --agents random --games 60 --chance ply --vary throw-use=separate,total --skill greedy"
)
i=0
for a in "${studies[@]}"; do
  i=$((i+1))
  for b in old new; do
    bin=${!b}
    rm -rf $dir/an$i.$b $dir/an$i.$b.t2
    if [ $b = new ] && [[ " $a " != *" --chance "* ]]; then
      resume $dir/an$i.old $dir/an$i.new
      resume $dir/an$i.old.t2 $dir/an$i.new.t2
    fi
    $bin analyze $a --threads 1 --quiet --out $dir/an$i.$b | sed "s#$dir/an$i.$b#DIR#" > $dir/an$i.$b.txt
    $bin analyze $a --threads 2 --quiet --out $dir/an$i.$b.t2 >/dev/null
    sort $dir/an$i.$b.t2/games.jsonl > $dir/an$i.$b.t2.sorted
  done
  same=1
  for f in games.jsonl report.json report.csv report.html; do cmp -s <(nohash < $dir/an$i.old/$f) <(nohash < $dir/an$i.new/$f) || same=0; done
  cmp -s <(nohash < $dir/an$i.old.txt) <(nohash < $dir/an$i.new.txt) || same=0
  cmp -s $dir/an$i.old.t2.sorted $dir/an$i.new.t2.sorted || same=0
  if [ $same = 1 ]; then echo "same  analyze $a"; else echo "DIFF  analyze $a"; fail=1; fi
done
exit $fail
