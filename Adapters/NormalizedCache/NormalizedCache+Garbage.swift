extension NormalizedCache {
    /// Removes the records that no root reaches (the query root's fields and what they refer
    /// to, transitively) and the fields whose references name records that are not stored.
    /// Reads that reached neither are unchanged.
    public func collectGarbage() -> GarbageReport {
        let plan = GarbagePlan(records: allStoredRecords())
        if !plan.updates.isEmpty { saveMaintenance(plan.updates) }
        return plan.report
    }
}
