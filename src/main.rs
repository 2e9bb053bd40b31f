//! The `sahel` command line: it parses the arguments and hands each command to its module in
//! `cmd/` (as mdBook's commands are laid out), which calls the library.

mod cmd;

use clap::{Parser, Subcommand};

/// mimalloc instead of the system allocator: a build allocates and frees millions of strings
/// from several threads, and glibc's malloc took about a quarter of a large build's CPU time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "sahel",
    version,
    about = "Builds a site in its languages (Arabic and English here; any language is data) into a pre-rendered React app"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Build(cmd::build::Args),
    Serve(cmd::serve::Args),
    /// The same as `serve --edit`: the site and, at /_edit/, the browser editor.
    Edit(cmd::serve::Args),
    New(cmd::new::Args),
    Check(cmd::check::Args),
    Translations(cmd::translations::Args),
}

fn main() {
    no_transparent_huge_pages();
    let cli = Cli::parse();
    // A panic is a bug in sahel, never the editor's fault: it still exits 1 (not 101), after
    // the unwinding removed any unfinished output.
    let code = match std::panic::catch_unwind(move || run(cli)) {
        Ok(code) => code,
        Err(_) => {
            eprintln!("{}", cmd::error_line(sahel::msg!("cmd-internal-error")));
            1
        }
    };
    exit_now(code);
}

/// Ends the process once what it printed is flushed, without the C library's exit handlers:
/// the one mimalloc registers gives every arena's memory back to the kernel page by page
/// (`madvise`), which the kernel is about to free whole anyway; it was 2% of a 240-page build's
/// CPU time, at the end of its critical path. Everything sahel writes is complete and closed
/// by then; threads still freeing memory or reaping render workers are ended with the process
/// (the workers die with it: `PR_SET_PDEATHSIG`).
fn exit_now(code: u8) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; no Rust code runs after it, so no invariant is broken.
    unsafe {
        libc::_exit(i32::from(code))
    }
    #[cfg(not(unix))]
    std::process::exit(i32::from(code))
}

/// Turns transparent huge pages off for sahel and the render workers it starts (the setting is
/// inherited). mimalloc asks for them on its arenas, and the kernel then zeroes a whole 2 MiB
/// page at the first touch of any byte of it: on a 240-page build a fifth of all CPU time went
/// to `clear_page_erms` for memory that was never used, and every process's resident size grew
/// by the untouched rest of its huge pages.
fn no_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes integer arguments only and changes no memory of ours; a
    // kernel without it returns an error, which changes nothing either.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn run(cli: Cli) -> u8 {
    // The messages' language: `check`, `build` and `serve` take `--lang`; every command reads
    // SAHEL_LANG and the locale.
    let lang = match &cli.command {
        Command::Build(a) => a.lang.as_deref(),
        Command::Serve(a) | Command::Edit(a) => a.lang.as_deref(),
        Command::Check(a) => a.lang.as_deref(),
        _ => None,
    };
    sahel::messages::set_reader(lang);
    // "Today" for `review_by` dates: a test's date, or the system clock's.
    if let Some(Err(value)) = sahel::check::review::today_override() {
        eprintln!(
            "{}",
            cmd::error_line(sahel::msg!(
                "cmd-today-not-a-date",
                var = sahel::check::review::TODAY_VAR,
                value = value
            ))
        );
        return 2;
    }
    match cli.command {
        Command::Build(args) => cmd::build::execute(args),
        Command::Serve(args) => cmd::serve::execute(args),
        Command::Edit(mut args) => {
            args.edit = true;
            cmd::serve::execute(args)
        }
        Command::New(args) => cmd::new::execute(args),
        Command::Check(args) => cmd::check::execute(args),
        Command::Translations(args) => cmd::translations::execute(args),
    }
}
