//! Issue 35's scale figure: a project of job files over a catalog of tables, checked as
//! `flinkddl check jobs/` does (in process, on every core), with the catalog built once and
//! shared. Prints, per size, the time to build the catalog and to check the jobs, so that the
//! cost per job can be compared across catalog sizes (it must not grow with the catalog):
//!
//!     cargo run --release -p flinkddl-bench --features mimalloc --example project_scale
//!     cargo run --release -p flinkddl-bench --example project_scale -- 10000 2000
//!
//! With two arguments (jobs, tables) it runs that size only.

use std::path::{Path, PathBuf};
use std::time::Instant;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Tables per catalog file.
const TABLES_PER_FILE: usize = 100;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes: Vec<(usize, usize)> = match args.as_slice() {
        [jobs, tables] => vec![(*jobs, *tables)],
        _ => vec![(1_000, 200), (1_000, 2_000), (10_000, 200), (10_000, 2_000)],
    };
    println!("| jobs | tables | build catalog | check jobs | per job | alone, per job |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for (jobs, tables) in sizes {
        let dir = std::env::temp_dir().join(format!("flinkddl-scale-{jobs}-{tables}"));
        let measured = write_project(&dir, jobs, tables)
            .map_err(|e| e.to_string())
            .and_then(|()| Ok((check(&dir, true)?, check(&dir, false)?)));
        let ((build, checked, errors), (_, alone, _)) = match measured {
            Ok(measured) => measured,
            Err(e) => {
                eprintln!("project_scale: {e}");
                std::process::exit(1);
            }
        };
        if errors != 0 {
            eprintln!("project_scale: the generated project has {errors} errors");
            std::process::exit(1);
        }
        println!(
            "| {jobs} | {tables} | {:.1} ms | {:.1} ms | {:.1} µs | {:.1} µs |",
            build * 1e3,
            checked * 1e3,
            checked * 1e6 / jobs as f64,
            alone * 1e6 / jobs as f64,
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Seconds to build the catalog, seconds to check the jobs, and the errors found.
fn check(dir: &Path, with_catalog: bool) -> Result<(f64, f64, usize), String> {
    let toml = dir.join(if with_catalog {
        "flinkddl.toml"
    } else {
        "alone.toml"
    });
    let mut finder = flinkddl_cli::files::finder(Some(&toml))?;
    let plan = flinkddl_cli::files::expand(&[dir.join("jobs")], None, &mut finder)?;
    let started = Instant::now();
    if let Some(first) = plan.first() {
        first.config.project();
    }
    let build = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let (_, summary) = flinkddl_cli::check::check_all(plan);
    Ok((build, started.elapsed().as_secs_f64(), summary.errors))
}

/// `tables` source tables in `ddl/` (100 a file) and one sink, and `jobs` job files, each an
/// INSERT that joins two of the tables and aggregates.
fn write_project(dir: &Path, jobs: usize, tables: usize) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(dir);
    let ddl = dir.join("ddl");
    let job_dir = dir.join("jobs");
    for d in [&ddl, &job_dir] {
        std::fs::create_dir_all(d)?;
    }
    std::fs::write(dir.join("flinkddl.toml"), "catalog = [\"ddl/*.sql\"]\n")?;
    std::fs::write(dir.join("alone.toml"), "")?;
    let mut file = String::new();
    for t in 0..tables {
        file.push_str(&format!(
            "CREATE TABLE t{t} (id BIGINT, k{t} STRING, amount DECIMAL(10, 2), ts TIMESTAMP(3),\n  \
             WATERMARK FOR ts AS ts - INTERVAL '5' SECOND\n) WITH ('connector' = 'datagen');\n"
        ));
        if (t + 1) % TABLES_PER_FILE == 0 || t + 1 == tables {
            write_file(&ddl.join(format!("{:05}.sql", t / TABLES_PER_FILE)), &file)?;
            file.clear();
        }
    }
    write_file(
        &ddl.join("sinks.sql"),
        "CREATE TABLE totals (k STRING, total DECIMAL(38, 2)) WITH ('connector' = 'blackhole');\n",
    )?;
    for j in 0..jobs {
        let a = j % tables;
        let b = (j * 7 + 1) % tables;
        write_file(
            &job_dir.join(format!("job{j:06}.sql")),
            &format!(
                "INSERT INTO totals\nSELECT a.k{a}, SUM(a.amount + b.amount)\n\
                 FROM t{a} AS a JOIN t{b} AS b ON a.id = b.id\nWHERE a.amount > 10\nGROUP BY a.k{a};\n"
            ),
        )?;
    }
    Ok(())
}

fn write_file(path: &PathBuf, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}
