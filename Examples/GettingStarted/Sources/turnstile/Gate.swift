/// The turnstile's hardware. This one prints what the machine asks of it; a real one
/// would drive a lock and a buzzer.
struct Gate: TurnstileActions {
    func unlock() { print("unlock") }
    func lock() { print("lock") }
    func alarm() { print("alarm") }
    func thankyou() { print("thankyou") }
}
