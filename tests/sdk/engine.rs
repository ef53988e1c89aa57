// engine.rs: the same search as the C example of docs/engines.md, in Rust, through
// gametrace.h's C ABI (tests/sdk/test_rust.py links it with a C build of the header).
use std::ffi::CString;
use std::os::raw::{c_char, c_int};

#[repr(C)]
struct Header {
    game: *const c_char,
    algorithm: *const c_char,
    variant: *const c_char,
    convention: c_int,
    eval: *const c_char,
    position: *const c_char,
    classes: *const *const c_char,
    mode: c_int,
}

#[repr(C)]
struct Writer {
    _private: [u8; 0],
}

extern "C" {
    fn gt_open(path: *const c_char, header: *const Header) -> *mut Writer;
    fn gt_enter(w: *mut Writer, mv: *const c_char);
    fn gt_leave(w: *mut Writer, value: i64);
    fn gt_cut(w: *mut Writer);
    fn gt_iteration(w: *mut Writer, depth: c_int);
    fn gt_research(w: *mut Writer, alpha: i64, beta: i64);
    fn gt_close(w: *mut Writer) -> c_int;
}

const GT_NEGAMAX: c_int = 1;
const GT_FULL: c_int = 0;

fn child(pos: u64, i: u64) -> u64 {
    pos.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407).wrapping_add(i)
}

fn leaf(pos: u64) -> i64 {
    (pos.wrapping_mul(0x9E3779B97F4A7C15) >> 58) as i64 - 32
}

fn negamax(t: *mut Writer, pos: u64, depth: i32, mut alpha: i64, beta: i64) -> i64 {
    if depth == 0 {
        return leaf(pos);
    }
    let mut best = -1000;
    for i in 0..3u64 {
        let name = CString::new(format!("a{}", i + 1)).unwrap();
        unsafe { gt_enter(t, name.as_ptr()) };
        let mut score;
        if i == 0 {
            score = negamax(t, child(pos, i), depth - 1, -beta, -alpha);
        } else {
            score = negamax(t, child(pos, i), depth - 1, -alpha - 1, -alpha);
            if -score > alpha && -score < beta {
                unsafe {
                    gt_leave(t, score);
                    gt_research(t, -beta, -alpha);
                }
                score = negamax(t, child(pos, i), depth - 1, -beta, -alpha);
            }
        }
        unsafe { gt_leave(t, score) };
        if -score > best {
            best = -score;
        }
        if best > alpha {
            alpha = best;
        }
        if alpha >= beta {
            unsafe { gt_cut(t) };
            break;
        }
    }
    best
}

fn main() {
    let text = |s: &str| CString::new(s).unwrap();
    let (game, algorithm, variant, eval, position) =
        (text("random-3"), text("alphabeta"), text("pvs"), text("hash"), text("1"));
    let header = Header {
        game: game.as_ptr(),
        algorithm: algorithm.as_ptr(),
        variant: variant.as_ptr(),
        convention: GT_NEGAMAX,
        eval: eval.as_ptr(),
        position: position.as_ptr(),
        classes: std::ptr::null(),
        mode: GT_FULL,
    };
    let path = text("engine-rs.jsonl");
    let t = unsafe { gt_open(path.as_ptr(), &header) };
    assert!(!t.is_null());
    for depth in 1..=4 {
        unsafe { gt_iteration(t, depth) };
        let value = negamax(t, 1, depth, -1000, 1000);
        unsafe { gt_leave(t, value) };
        println!("depth {}: value {}", depth, value);
    }
    std::process::exit(if unsafe { gt_close(t) } == 0 { 0 } else { 1 });
}
