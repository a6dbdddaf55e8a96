import { describe, expect, it } from "vitest";
import { computeDetention, nextCheckIn } from "./stops.schema";

const at = (hhmm: string) => `2026-03-02T${hhmm}:00Z`;
const stop = (
  kind: "appointment" | "window" | "fcfs",
  arrived: string,
  departed: string,
  appointment = "14:00",
) => ({
  appointmentKind: kind,
  scheduledAt: at(appointment),
  arrivedAt: at(arrived),
  departedAt: at(departed),
});

describe("detention (decision 034)", () => {
  it("owes nothing up to the free time, and the first minute past it", () => {
    // Arrived on time at 14:00, two hours free.
    expect(computeDetention(stop("appointment", "14:00", "16:00"), 120, "75.00")).toBeNull();
    expect(computeDetention(stop("appointment", "14:00", "16:01"), 120, "75.00")).toEqual({
      minutes: 1,
      amount: "1.25",
    });
    // 3 h 35 min at the dock: 95 minutes past two free hours at $75/h = $118.75.
    expect(computeDetention(stop("appointment", "14:00", "17:35"), 120, "75.00")).toEqual({
      minutes: 95,
      amount: "118.75",
    });
  });

  it("starts the clock at the appointment for an early driver, at the arrival for a late one", () => {
    // Arrived 13:00 for a 14:00 appointment, left 16:30: 2 h 30 counted, 30 min owed at $60/h.
    expect(computeDetention(stop("appointment", "13:00", "16:30"), 120, "60.00")).toEqual({
      minutes: 30,
      amount: "30.00",
    });
    // Arrived late at 15:00, left 17:10: 10 min owed.
    expect(computeDetention(stop("appointment", "15:00", "17:10"), 120, "60.00")?.minutes).toBe(10);
    // A window counts from its start, like an appointment.
    expect(computeDetention(stop("window", "13:00", "16:30"), 120, "60.00")?.minutes).toBe(30);
  });

  it("counts first come, first served from the arrival", () => {
    expect(computeDetention(stop("fcfs", "13:00", "16:30"), 120, "60.00")).toEqual({
      minutes: 90,
      amount: "90.00",
    });
  });

  it("rounds to the cent, halves up", () => {
    // $50/h for 1 minute = 83.33… cents → $0.83; 2 minutes = 166.67 → $1.67.
    expect(computeDetention(stop("fcfs", "14:00", "14:01"), 0, "50.00")?.amount).toBe("0.83");
    expect(computeDetention(stop("fcfs", "14:00", "14:02"), 0, "50.00")?.amount).toBe("1.67");
    // $0.30/h for 1 minute = exactly half a cent → 1 cent.
    expect(computeDetention(stop("fcfs", "14:00", "14:01"), 0, "0.30")?.amount).toBe("0.01");
    // Free time of zero and a zero rate owe nothing.
    expect(computeDetention(stop("fcfs", "14:00", "15:00"), 0, "0.00")).toBeNull();
  });

  it("needs both the arrival and the departure", () => {
    expect(computeDetention({ ...stop("fcfs", "14:00", "15:00"), departedAt: null }, 0, "75.00")).toBeNull();
  });

  it("expects arrived, then done, then departed", () => {
    const none = { arrivedAt: null, doneAt: null, departedAt: null };
    expect(nextCheckIn(none)).toBe("arrived");
    expect(nextCheckIn({ ...none, arrivedAt: at("14:00") })).toBe("done");
    expect(nextCheckIn({ ...none, arrivedAt: at("14:00"), doneAt: at("15:00") })).toBe("departed");
    expect(nextCheckIn({ arrivedAt: at("14:00"), doneAt: at("15:00"), departedAt: at("15:10") })).toBeNull();
  });
});
