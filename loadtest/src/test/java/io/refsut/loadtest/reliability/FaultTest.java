package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class FaultTest {

    @Test
    void allIsEveryScenarioButObserveInTheirOrder() {
        List<String> ids = Fault.parse("all").stream().map(Fault::id).toList();
        assertEquals(List.of("kill-accounts", "kill-payments", "kill-balances", "kill-audit", "kill-orchestrator",
                "freeze-balances", "freeze-payments", "kill-database", "freeze-database"), ids);
        assertEquals(List.of(Fault.FREEZE_DATABASE, Fault.OBSERVE), Fault.parse(" freeze-database, observe "));
        assertThrows(IllegalArgumentException.class, () -> Fault.parse("freeze-store"));
    }

    @Test
    void theDatabaseScenariosNeedTheDatabaseProcessAndOnlyTheyDo() {
        for (Fault fault : Fault.values()) {
            boolean database = fault == Fault.KILL_DATABASE || fault == Fault.FREEZE_DATABASE;
            assertEquals(database, fault.needsDatabaseProcess(), fault.id());
        }
        assertTrue(Fault.FREEZE_DATABASE.freezes());
        assertFalse(Fault.KILL_DATABASE.freezes());
    }
}
