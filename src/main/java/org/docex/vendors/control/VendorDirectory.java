package org.docex.vendors.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.docex.vendors.entity.Vendor;
import org.docex.vendors.entity.VendorIdentifier;

/**
 * Which vendor a set of identifiers names. The strongest kind of identifier that names any vendor
 * decides; where it names two, the document is nobody's (better no memory than another vendor's).
 */
@ApplicationScoped
public class VendorDirectory {

    /** Values looked up in one query. */
    private static final int CHUNK = 500;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    /** The vendor a committed review names, created when none is known. */
    Vendor vendorFor(List<Identifier> identifiers, Instant now) {
        Optional<UUID> known = decide(identifiers.stream().flatMap(identifier ->
                matches(identifier.kind(), List.of(identifier.value())).stream()).toList());
        return known.map(id -> em.find(Vendor.class, id)).orElseGet(() -> {
            Vendor vendor = new Vendor(now);
            em.persist(vendor);
            return vendor;
        });
    }

    /** Gives the vendor the identifiers no other vendor holds. */
    void adopt(Vendor vendor, List<Identifier> identifiers) {
        for (Identifier identifier : identifiers) {
            if (identifier.value().length() > VendorIdentifier.MAX_LENGTH) {
                continue;
            }
            if (em.find(VendorIdentifier.class, new VendorIdentifier.Key(identifier.kind(), identifier.value())) == null) {
                em.persist(new VendorIdentifier(identifier.kind(), identifier.value(), vendor.id()));
            }
        }
    }

    /** The vendor whose identifiers a document shows, if exactly one is named by the strongest kind found. */
    public Optional<UUID> vendorOf(VendorIdentity.Candidates candidates) {
        List<VendorIdentifier> found = new ArrayList<>();
        found.addAll(matches(Identifier.VAT_ID, candidates.numbers()));
        found.addAll(matches(Identifier.IBAN, candidates.numbers()));
        found.addAll(matches(Identifier.DOMAIN, candidates.domains()));
        candidates.name().ifPresent(name -> found.addAll(matches(Identifier.NAME, List.of(name))));
        return decide(found);
    }

    private static Optional<UUID> decide(List<VendorIdentifier> found) {
        Optional<Integer> strongest = found.stream().map(identifier -> strength(identifier.kind()))
                .max(Comparator.naturalOrder());
        if (strongest.isEmpty()) {
            return Optional.empty();
        }
        Set<UUID> vendors = found.stream().filter(identifier -> strength(identifier.kind()) == strongest.get())
                .map(VendorIdentifier::vendorId).collect(Collectors.toSet());
        return vendors.size() == 1 ? vendors.stream().findFirst() : Optional.empty();
    }

    private static int strength(String kind) {
        return new Identifier(kind, "").strength();
    }

    private List<VendorIdentifier> matches(String kind, Collection<String> values) {
        List<VendorIdentifier> found = new ArrayList<>();
        List<String> all = new ArrayList<>(new HashSet<>(values));
        for (int from = 0; from < all.size(); from += CHUNK) {
            found.addAll(em.createQuery("SELECT i FROM VendorIdentifier i WHERE i.kind = :kind AND i.identifier IN :values",
                            VendorIdentifier.class)
                    .setParameter("kind", kind)
                    .setParameter("values", all.subList(from, Math.min(all.size(), from + CHUNK)))
                    .getResultList());
        }
        return found;
    }

    /** For listings: each vendor's identifiers by kind. */
    public Map<String, String> identifiersOf(UUID vendor) {
        return em.createQuery("SELECT i FROM VendorIdentifier i WHERE i.vendorId = :vendor", VendorIdentifier.class)
                .setParameter("vendor", vendor).getResultList().stream()
                .collect(Collectors.toMap(VendorIdentifier::kind, VendorIdentifier::identifier, (a, b) -> a,
                        TreeMap::new));
    }
}
