package store

import (
	"context"
	"errors"
	"fmt"
)

// Rolling upgrades: instances of version N-1 and N of the program run on
// one database while the N-1 ones are replaced, so every migration is of
// one of two kinds (docs/deploy.md, "Upgrades"):
//
//   - expand (the default): it only adds what the previous program does
//     not know and does not mind: a table, a column that is nullable or
//     has a default, an index. The previous program goes on reading and
//     writing beside it.
//   - contract: it removes or changes what an older program still used
//     (drops a column or table, adds a constraint its rows might break,
//     rewrites data into a form the older program cannot read).
//     contracts names it with the fewest migrations a program must know
//     to run after it. Shipped one version after the expand that made
//     the thing unused, that is its own number less one: the version
//     before it still runs, and the upgrade stays rolling. A rewrite of
//     data that the version before cannot read names its own number:
//     the upgrade across it stops every older instance first.
//
// A program may open a database whose schema is newer than it knows if
// no contract of that schema excludes it; the database keeps the answer
// in schema_oldest, which each migrating program raises.

// contracts maps the number (1-based) of each contracting migration to
// the fewest migrations a program must know to run once it has been
// applied. Every migration up to 7 only expands; 8 (resultCodes) turns
// the results of rooms, end events and archived records from sentences
// into codes and objects, which a program of 7 migrations misreads, so
// the upgrade across it is not rolling (docs/deploy.md, "Upgrades").
var contracts = map[int]int{8: 8}

// oldestProgram is the fewest migrations a program must know to use a
// database with the first n migrations applied.
func oldestProgram(n int, contracts map[int]int) int {
	oldest := 0
	for k, o := range contracts {
		if k <= n {
			oldest = max(oldest, o)
		}
	}
	return oldest
}

// errNoRow is a query's "no row", in either database.
var errNoRow = errors.New("no row")

// schemaTx is a transaction of either database, as migrate needs it.
type schemaTx interface {
	exec(ctx context.Context, q string) error
	queryInt(ctx context.Context, q string) (int, error) // errNoRow for none
}

// migrate brings the schema of tx's database to the migrations migs this
// program knows: it applies those it lacks, or, where the database is
// newer, checks that no contract of it excludes this program. The
// statements have no placeholders, so that both dialects read them.
func migrate(ctx context.Context, tx schemaTx, migs []string, contracts map[int]int) error {
	have, err := singleRow(ctx, tx, "schema_version")
	if err != nil {
		return err
	}
	oldest, err := singleRow(ctx, tx, "schema_oldest")
	if err != nil {
		return err
	}
	if err := tolerated(have, oldest, len(migs)); err != nil {
		return err
	}
	if have >= len(migs) {
		return nil // a newer program migrated it, and this one may run
	}
	for i := have; i < len(migs); i++ {
		if err := tx.exec(ctx, migs[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	if err := tx.exec(ctx, fmt.Sprintf(`UPDATE schema_version SET version = %d`, len(migs))); err != nil {
		return err
	}
	return tx.exec(ctx, fmt.Sprintf(`UPDATE schema_oldest SET version = %d`, max(oldest, oldestProgram(len(migs), contracts))))
}

// singleRow reads the one number of table (schema_version or
// schema_oldest), creating the table with 0 where there is none.
func singleRow(ctx context.Context, tx schemaTx, table string) (int, error) {
	if err := tx.exec(ctx, `CREATE TABLE IF NOT EXISTS `+table+` (version INTEGER NOT NULL)`); err != nil {
		return 0, err
	}
	v, err := tx.queryInt(ctx, `SELECT version FROM `+table)
	if errors.Is(err, errNoRow) {
		return 0, tx.exec(ctx, `INSERT INTO `+table+` VALUES (0)`)
	}
	return v, err
}

// tolerated says whether a program that knows known migrations may use a
// database at version have whose contracts exclude programs that know
// fewer than oldest.
func tolerated(have, oldest, known int) error {
	if have > known && oldest > known {
		return fmt.Errorf("schema version %d needs a program that knows %d migrations or more, this one knows %d: finish the upgrade", have, oldest, known)
	}
	return nil
}

// ready is Ready's verdict on a database at version have (oldest as
// above) for a program that knows known migrations.
func ready(have, oldest, known int) error {
	if have < known {
		return fmt.Errorf("store: schema at version %d, this program needs %d", have, known)
	}
	if err := tolerated(have, oldest, known); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
