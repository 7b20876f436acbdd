package org.docex.vendors.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.docex.persistence.ResourceId;
import org.docex.vendors.entity.StoredRule;
import org.docex.vendors.entity.Vendor;

/** The vendors docex learned from, for the API: listed, read with their rules, forgotten. */
@ApplicationScoped
public class Vendors {

    /** A search term longer than this is refused. */
    public static final int MAX_QUERY_LENGTH = 200;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    VendorDirectory directory;

    /** A vendor as listed: with its identifiers and how much was learned. */
    public record Summary(Vendor vendor, Map<String, String> identifiers, long documentsCommitted, long learnedFields) {
    }

    /** Newest change first; {@code q} matches a part of the name or an identifier, ignoring case. */
    @Transactional
    public List<Summary> list(String q, int offset, int limit) {
        return query(q, "SELECT v FROM Vendor v", " ORDER BY v.updatedAt DESC, v.id", Vendor.class)
                .setFirstResult(offset).setMaxResults(limit).getResultList().stream().map(this::summary).toList();
    }

    @Transactional
    public long count(String q) {
        return query(q, "SELECT COUNT(v) FROM Vendor v", "", Long.class).getSingleResult();
    }

    @Transactional
    public Summary get(String id) {
        return summary(find(id));
    }

    @Transactional
    public List<StoredRule> rules(String id) {
        return em.createQuery("SELECT r FROM StoredRule r WHERE r.vendorId = :vendor ORDER BY r.field", StoredRule.class)
                .setParameter("vendor", find(id).id()).getResultList();
    }

    /** Forgets the vendor's rule for {@code field}; an unknown vendor or field is 404. */
    @Transactional
    public void forgetRule(String id, String field) {
        int removed = em.createQuery("DELETE FROM StoredRule r WHERE r.vendorId = :vendor AND r.field = :field")
                .setParameter("vendor", find(id).id()).setParameter("field", field).executeUpdate();
        if (removed == 0) {
            throw new NotFoundException("The vendor has no rule for this field");
        }
    }

    /** Forgets the vendor: its identifiers, rules and the list of workflows it learned from. */
    @Transactional
    public void forget(String id) {
        em.remove(find(id));
    }

    private Vendor find(String id) {
        return ResourceId.parse(id).map(uuid -> em.find(Vendor.class, uuid))
                .orElseThrow(() -> new NotFoundException("Vendor not found"));
    }

    private Summary summary(Vendor vendor) {
        long documents = em.createQuery("SELECT COUNT(d) FROM VendorDocument d WHERE d.vendorId = :vendor", Long.class)
                .setParameter("vendor", vendor.id()).getSingleResult();
        long rules = em.createQuery("SELECT COUNT(r) FROM StoredRule r WHERE r.vendorId = :vendor", Long.class)
                .setParameter("vendor", vendor.id()).getSingleResult();
        return new Summary(vendor, directory.identifiersOf(vendor.id()), documents, rules);
    }

    private <T> TypedQuery<T> query(String q, String select, String order, Class<T> type) {
        String term = q == null ? "" : q.strip().toLowerCase(Locale.ROOT);
        String where = term.isEmpty() ? "" : " WHERE LOWER(v.name) LIKE :term ESCAPE '\\' OR EXISTS (SELECT i FROM"
                + " VendorIdentifier i WHERE i.vendorId = v.id AND LOWER(i.identifier) LIKE :term ESCAPE '\\')";
        TypedQuery<T> query = em.createQuery(select + where + order, type);
        if (!term.isEmpty()) {
            query.setParameter("term", "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        return query;
    }

    /** For a caller that needs the vendor's id checked: the UUID, or 404. */
    public UUID idOf(String id) {
        return ResourceId.parse(id).orElseThrow(() -> new NotFoundException("Vendor not found"));
    }
}
