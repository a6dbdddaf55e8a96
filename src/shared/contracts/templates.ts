import type { ContractType } from "./contracts.schema";

/**
 * The starting template of each contract type, until the company saves its own (the templates table).
 * Plain language a carrier's counsel adapts; `{{…}}` are the merge fields (contracts.schema.ts).
 */
export const DEFAULT_TEMPLATES: Record<ContractType, string> = {
  employment: `# Driver Employment Agreement

This agreement is made between **{{company_name}}**, {{company_address}} (the "Company"), and **{{driver_name}}** (the "Driver"), starting on {{start_date}}.

## 1. Position
The Company employs the Driver as a commercial motor vehicle driver. The Driver holds a valid commercial driver's licence and a current DOT medical card, and keeps both valid.

## 2. Pay
The Driver is paid {{pay_rate}} ({{pay_type}}), settled each pay period on the Company's settlement statement.

## 3. Safety and compliance
- The Driver follows the Federal Motor Carrier Safety Regulations, hours-of-service rules and Company policy.
- The Driver completes pre-trip and post-trip inspections and reports defects the same day.
- The Driver takes part in the Company's drug and alcohol testing programme.

## 4. Equipment
Company equipment is used only for Company business and is returned in the condition received, normal wear excepted.

## 5. Termination
Either party may end this agreement with written notice. Final pay is settled on the next regular settlement date.`,
  lease: `# Equipment Lease Agreement

This lease is made between **{{company_name}}**, {{company_address}} (the "Carrier"), and **{{driver_name}}** (the "Owner-Operator"), starting on {{start_date}}, as required by 49 CFR Part 376.

## 1. Equipment
The Owner-Operator leases the equipment listed in the attached schedule to the Carrier, with driver, for the term of this lease.

## 2. Exclusive possession
During the lease the Carrier has exclusive possession, control and use of the equipment and assumes complete responsibility for its operation, as 49 CFR 376.12(c) requires.

## 3. Compensation
The Owner-Operator is paid {{pay_rate}} ({{pay_type}}) per load, within 15 days of submitting the load's paperwork.

## 4. Charge-backs
Items charged back (fuel advances, insurance, escrow) are itemised on each settlement statement.

## 5. Insurance
The Carrier maintains public liability and cargo insurance. The Owner-Operator maintains bobtail and physical damage coverage and provides certificates on request.`,
  independent: `# Independent Contractor Agreement

This agreement is made between **{{company_name}}**, {{company_address}} (the "Company"), and **{{driver_name}}** (the "Contractor"), starting on {{start_date}}.

## 1. Relationship
The Contractor is an independent contractor, not an employee. The Contractor controls the manner and means of performing the services.

## 2. Compensation
The Company pays the Contractor {{pay_rate}} ({{pay_type}}). The Contractor is responsible for their own taxes; the Company issues Form 1099-NEC where required.

## 3. Records
The Contractor keeps their licence, medical card and insurance current and provides copies on request.

## 4. Term
This agreement continues until either party ends it with written notice.`,
  custom: `# Agreement

This agreement is made between **{{company_name}}**, {{company_address}}, and **{{signer_name}}**, starting on {{start_date}}.

## Terms
Write the terms here.`,
};
